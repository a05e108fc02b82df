//! The pure arithmetic of the lowering: PE enumeration, lane coordinates,
//! register file sizes.

use super::pes::pe_points;
use super::vector::{coefficient, lane_coords};
use t2s_ir::array::{ArrayInfo, Bound};
use t2s_model::{Affine, Linear, ScalarType};

fn bound(name: &str, min: i64, extent: i64) -> Bound {
    Bound {
        name: name.to_string(),
        min,
        extent: Linear::constant(extent),
        vectorized: false,
        descending: false,
        inside: false,
    }
}

fn info(space: Vec<Bound>) -> ArrayInfo {
    ArrayInfo {
        loops: Vec::new(),
        time: vec![bound("t1", 0, 10)],
        space,
        recover: Vec::new(),
    }
}

#[test]
fn pes_are_enumerated_in_lexicographic_order() {
    let pes = pe_points(&info(vec![bound("j", 0, 2), bound("i", 1, 3)]));
    assert_eq!(
        pes,
        vec![
            vec![0, 1],
            vec![0, 2],
            vec![0, 3],
            vec![1, 1],
            vec![1, 2],
            vec![1, 3]
        ]
    );
}

#[test]
fn a_descending_loop_visits_its_pes_from_the_last() {
    let mut i = bound("i", 0, 3);
    i.descending = true;
    assert_eq!(pe_points(&info(vec![i])), vec![vec![2], vec![1], vec![0]]);
}

#[test]
fn a_vectorized_loop_is_one_pe_of_lanes() {
    let mut jjj = bound("jjj", 0, 16);
    jjj.vectorized = true;
    let array = info(vec![bound("iii", 0, 4), jjj]);
    assert_eq!(pe_points(&array).len(), 4);
    // Its lanes are coordinate 2 (after one time loop and iii).
    assert_eq!(lane_coords(&array), vec![2]);
}

#[test]
fn coefficients_of_affine_rows() {
    let row = Affine {
        terms: vec![(0, 4), (2, -1)],
        constant: 3,
    };
    assert_eq!(coefficient(&row, 0), 4);
    assert_eq!(coefficient(&row, 1), 0);
    assert_eq!(coefficient(&row, 2), -1);
}

#[test]
fn register_files_count_bytes_with_power_of_two_integers() {
    // i3 takes a byte, i12 two, i33 eight; floats and index take 8 per
    // value in the lowering's accounting.
    assert_eq!(
        super::registers::file_bytes(ScalarType::Int(3), &[Some(4), Some(2)]),
        Some(8)
    );
    assert_eq!(
        super::registers::file_bytes(ScalarType::Int(12), &[Some(4)]),
        Some(8)
    );
    assert_eq!(
        super::registers::file_bytes(ScalarType::Int(33), &[Some(2)]),
        Some(16)
    );
    assert_eq!(
        super::registers::file_bytes(ScalarType::F32, &[Some(3)]),
        Some(24)
    );
    assert_eq!(
        super::registers::file_bytes(ScalarType::Int(32), &[None]),
        None
    );
    assert_eq!(
        super::registers::file_bytes(ScalarType::Int(64), &[Some(i64::MAX), Some(4)]),
        None
    );
}
