pub mod spirv_insert_composites;
