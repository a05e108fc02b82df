pub mod total_division;
