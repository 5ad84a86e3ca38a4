//! Whole-pipeline tests of `parse`: snapshot trees of every test_data input, the golden strings
//! of both engines, the real variant files, and properties that must hold for any input.

mod pathological;
mod properties;
mod snapshots;
