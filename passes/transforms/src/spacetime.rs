pub mod minimize_storage;
pub mod space_time_transform;
pub mod vectorize;
