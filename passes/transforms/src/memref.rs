pub mod pad_inputs;
