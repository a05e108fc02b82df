//! Round trips and hand-written headers in the exact layout NumPy produces.

use super::*;

/// A `.npy` file with the given version and header text, padded as NumPy
/// pads it (data aligned to 64 bytes, header ending in a newline).
fn file(major: u8, header: &str, data: &[u8]) -> Vec<u8> {
    let len_bytes = if major == 1 { 2 } else { 4 };
    let unpadded = MAGIC.len() + 2 + len_bytes + header.len() + 1;
    let padded = format!("{header}{}\n", " ".repeat((64 - unpadded % 64) % 64));
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&[major, 0]);
    if major == 1 {
        out.extend_from_slice(&(padded.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(padded.len() as u32).to_le_bytes());
    }
    out.extend_from_slice(padded.as_bytes());
    out.extend_from_slice(data);
    out
}

fn f32_bytes(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn round_trip(buf: &Buffer) -> Buffer {
    let bytes = encode_npy(buf).unwrap();
    parse_npy(&bytes).unwrap()
}

#[test]
fn numpy_written_f32_header() {
    let values = [0.5f32, -1.0, 2.25, 3.0, 4.0, -0.0];
    let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    let bytes = file(1, header, &f32_bytes(&values));
    // As NumPy pads it, the data starts at byte 128.
    assert_eq!(bytes.len() - 24, 128);
    let buf = parse_npy(&bytes).unwrap();
    assert_eq!(buf, Buffer::from_f32(&[2, 3], &values).unwrap());
    // Our encoder produces the same bytes as NumPy for the same array.
    assert_eq!(encode_npy(&buf).unwrap(), bytes);
}

#[test]
fn encoded_data_is_aligned_to_64_bytes() {
    for shape in [vec![], vec![1], vec![3, 4], vec![100, 200, 300]] {
        let buf = Buffer::zeros(ScalarType::Int(8), &shape);
        let bytes = encode_npy(&buf).unwrap();
        assert_eq!((bytes.len() - buf.len()) % 64, 0, "shape {shape:?}");
        assert_eq!(bytes[bytes.len() - buf.len() - 1], b'\n');
    }
}

#[test]
fn round_trips_every_dtype() {
    let ints = |elem, v: &[i64]| Buffer::from_i64(elem, &[v.len()], v).unwrap();
    let cases = [
        ints(ScalarType::Int(1), &[0, -1, -1, 0]),
        ints(ScalarType::Int(8), &[-128, 127, 0, -1]),
        ints(ScalarType::Int(16), &[-32768, 32767, 5]),
        ints(
            ScalarType::Int(32),
            &[i64::from(i32::MIN), i64::from(i32::MAX), -7],
        ),
        ints(ScalarType::Int(64), &[i64::MIN, i64::MAX, 0]),
        Buffer::from_f32(&[2, 2], &[1.5, f32::INFINITY, -0.0, f32::MIN_POSITIVE]).unwrap(),
        Buffer::from_f64(&[3], &[1e300, -2.5, f64::EPSILON]).unwrap(),
        // f16 ('<f2'): values of the format, held as f32.
        Buffer::new(
            ScalarType::F16,
            vec![3],
            vec![
                Value::F32(1.5),
                Value::F32(-65504.0),
                Value::F32(0.000061035156),
            ],
        )
        .unwrap(),
    ];
    for buf in &cases {
        assert_eq!(&round_trip(buf), buf);
    }
    let nan = round_trip(&Buffer::from_f32(&[1], &[f32::NAN]).unwrap());
    assert!(matches!(nan.data[0], Value::F32(x) if x.is_nan()));
}

#[test]
fn index_is_written_as_i8_bytes() {
    let buf = Buffer::from_i64(ScalarType::Index, &[2], &[-3, 1 << 40]).unwrap();
    let bytes = encode_npy(&buf).unwrap();
    assert!(String::from_utf8_lossy(&bytes).contains("'descr': '<i8'"));
    let back = parse_npy(&bytes).unwrap();
    assert_eq!(back.elem, ScalarType::Int(64));
    assert_eq!(back.data, buf.data);
}

#[test]
fn descriptors_written() {
    let descr = |elem| {
        let bytes = encode_npy(&Buffer::zeros(elem, &[1])).unwrap();
        let (text, _) = split_file(&bytes).unwrap();
        parse_header(&text).unwrap().descr
    };
    assert_eq!(descr(ScalarType::Int(1)), "|b1");
    assert_eq!(descr(ScalarType::Int(8)), "|i1");
    assert_eq!(descr(ScalarType::Int(16)), "<i2");
    assert_eq!(descr(ScalarType::Int(32)), "<i4");
    assert_eq!(descr(ScalarType::F64), "<f8");
}

#[test]
fn bool_bytes_are_zero_and_one() {
    let buf = Buffer::from_i64(ScalarType::Int(1), &[3], &[0, -1, 1]).unwrap();
    let bytes = encode_npy(&buf).unwrap();
    assert_eq!(&bytes[bytes.len() - 3..], &[0, 1, 1]);
}

#[test]
fn unsigned_dtypes_read_as_signless_ints() {
    let header = "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }";
    let buf = parse_npy(&file(1, header, &[0xff, 0xff, 0x01, 0x00])).unwrap();
    assert_eq!(buf.elem, ScalarType::Int(16));
    assert_eq!(buf.data, vec![Value::Int(-1), Value::Int(1)]);

    let header = "{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }";
    let buf = parse_npy(&file(1, header, &[200])).unwrap();
    assert_eq!(buf.data, vec![Value::Int(200 - 256)]);

    let header = "{'descr': '<u8', 'fortran_order': False, 'shape': (1,), }";
    let buf = parse_npy(&file(1, header, &u64::MAX.to_le_bytes())).unwrap();
    assert_eq!(buf.data, vec![Value::Int(-1)]);
}

#[test]
fn zero_dimensional_array() {
    let header = "{'descr': '<i4', 'fortran_order': False, 'shape': (), }";
    let bytes = file(1, header, &(-5i32).to_le_bytes());
    let buf = parse_npy(&bytes).unwrap();
    assert_eq!(
        buf,
        Buffer::from_i64(ScalarType::Int(32), &[], &[-5]).unwrap()
    );
    assert_eq!(encode_npy(&buf).unwrap(), bytes);
}

#[test]
fn versions_2_and_3_and_other_key_orders() {
    let header = "{\"shape\": (2L,), \"fortran_order\": False, \"descr\": \"<f4\"}";
    for major in [2, 3] {
        let buf = parse_npy(&file(major, header, &f32_bytes(&[1.0, 2.0]))).unwrap();
        assert_eq!(buf, Buffer::from_f32(&[2], &[1.0, 2.0]).unwrap());
    }
    let empty = "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 3)}";
    let buf = parse_npy(&file(1, empty, &[])).unwrap();
    assert_eq!((buf.shape, buf.data.len()), (vec![0, 3], 0));
}

#[test]
fn large_headers_use_version_2() {
    let shape = vec![1usize; 30_000];
    let bytes = encode_npy(&Buffer::zeros(ScalarType::Int(8), &shape)).unwrap();
    assert_eq!(&bytes[6..8], &[2, 0]);
    assert_eq!(parse_npy(&bytes).unwrap().shape, shape);
}

#[test]
fn read_errors() {
    let data = f32_bytes(&[1.0, 2.0]);
    let with = |descr: &str, fortran: &str| {
        let header = format!("{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': (2,), }}");
        parse_npy(&file(1, &header, &data))
    };
    // One dimension: Fortran and C order are the same bytes.
    assert_eq!(with("<f4", "True").unwrap().shape, vec![2]);
    let err = with(">f4", "False").unwrap_err();
    assert!(matches!(&err, NpyError::BigEndian { descr } if descr == ">f4"));
    assert!(err.to_string().contains("big-endian"), "{err}");
    assert!(matches!(
        with("<c8", "False"),
        Err(NpyError::UnsupportedDtype { .. })
    ));
    assert!(matches!(
        with("|f4", "False"),
        Err(NpyError::UnsupportedDtype { .. })
    ));
    assert!(matches!(
        with("<i2", "False"),
        Err(NpyError::DataLength {
            expected: 4,
            got: 8
        })
    ));
    assert!(matches!(
        with("<f8", "False"),
        Err(NpyError::DataLength {
            expected: 16,
            got: 8
        })
    ));
    // Byte order is irrelevant for single bytes.
    let one_byte = "{'descr': '>i1', 'fortran_order': False, 'shape': (2,), }";
    assert!(parse_npy(&file(1, one_byte, &[1, 2])).is_ok());

    assert!(matches!(parse_npy(b"PK\x03\x04"), Err(NpyError::NotNpy)));
    assert!(matches!(
        parse_npy(b"\x93NUMPY"),
        Err(NpyError::Truncated { .. })
    ));
    let mut bad_version = file(1, "{}", &[]);
    bad_version[6] = 4;
    assert!(matches!(
        parse_npy(&bad_version),
        Err(NpyError::UnsupportedVersion { major: 4, minor: 0 })
    ));
    let mut short = file(
        1,
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }",
        &[],
    );
    short.truncate(40);
    assert!(matches!(
        parse_npy(&short),
        Err(NpyError::Truncated { what: "header" })
    ));

    for header in [
        "{'descr': '<f4', 'fortran_order': False}",
        "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,)}",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2,)} x",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (-2,)}",
        "{'descr': '<f4', 'fortran_order': 0, 'shape': (2,)}",
        "{'descr: '<f4'",
    ] {
        assert!(
            matches!(parse_npy(&file(1, header, &data)), Err(NpyError::Header(_))),
            "{header}"
        );
    }
}

#[test]
fn write_errors() {
    let poison = Buffer {
        elem: ScalarType::Int(32),
        shape: vec![2],
        data: vec![Value::Int(1), Value::Poison],
    };
    let err = encode_npy(&poison).unwrap_err();
    assert!(matches!(
        err,
        NpyError::Buffer(BufferError::Poison { index: 1 })
    ));
    assert!(matches!(
        encode_npy(&Buffer::zeros(ScalarType::Int(12), &[1])),
        Err(NpyError::UnsupportedElem(ScalarType::Int(12)))
    ));
    let wrong = Buffer {
        elem: ScalarType::F32,
        shape: vec![1],
        data: vec![Value::F64(1.0)],
    };
    assert!(matches!(
        encode_npy(&wrong),
        Err(NpyError::Buffer(BufferError::ValueType { .. }))
    ));
}

#[test]
fn files_round_trip_and_report_their_path() {
    let dir = std::env::temp_dir().join(format!("t2s-model-npy-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.npy");
    let buf = Buffer::from_f64(&[2, 1], &[1.0, -2.0]).unwrap();
    write_npy(&path, &buf).unwrap();
    assert_eq!(read_npy(&path).unwrap(), buf);

    fs::write(&path, b"garbage").unwrap();
    let err = read_npy(&path).unwrap_err();
    // The path is the error; the cause is its source (printed by the chain).
    let cause = std::error::Error::source(&err)
        .map(|s| s.to_string())
        .unwrap_or_default();
    assert!(
        err.to_string().contains("a.npy") && cause.contains("magic"),
        "{err}: {cause}"
    );
    let missing = read_npy(&dir.join("missing.npy")).unwrap_err();
    assert!(matches!(missing, NpyError::Io { .. }));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn f16_is_f2_and_bf16_has_no_dtype() {
    let half = Buffer::new(ScalarType::F16, vec![1], vec![Value::F32(0.5)]).unwrap();
    let bytes = encode_npy(&half).unwrap();
    assert!(String::from_utf8_lossy(&bytes).contains("'<f2'"));
    let bf16 = Buffer::new(ScalarType::BF16, vec![1], vec![Value::F32(0.5)]).unwrap();
    assert!(matches!(
        encode_npy(&bf16),
        Err(NpyError::UnsupportedElem(ScalarType::BF16))
    ));
}

#[test]
fn fortran_order_files_hold_halide_order() {
    // [[1, 2, 3], [4, 5, 6]] stored column by column.
    let data = f32_bytes(&[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    let header = "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }";
    let buffer = parse_npy(&file(1, header, &data)).unwrap();
    let want = Buffer::from_f32(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
    assert_eq!(buffer, want);
    // Written in Halide's order, the file is Fortran order with these bytes.
    let bytes = encode_npy_in(&want, &crate::Layout::halide(2)).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(
        text.contains("'fortran_order': True, 'shape': (2, 3)"),
        "{text}"
    );
    assert!(bytes.ends_with(&data));
    assert_eq!(parse_npy(&bytes).unwrap(), want);
    // Other orders are written in C order.
    let c = encode_npy_in(&want, &crate::Layout::row_major()).unwrap();
    assert!(String::from_utf8_lossy(&c).contains("'fortran_order': False"));
}
