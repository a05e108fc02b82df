pub mod minimize_storage;
pub mod space_time_transform;
pub mod split_register_files;
pub mod vectorize;
