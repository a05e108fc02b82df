pub mod buffer;
pub mod chain;
pub mod gather;
pub mod isolate;
pub mod lanes;
pub mod pack_channels;
pub mod scatter;
pub mod unload;
