//! The report's operator counts, on small bodies parsed from text: which
//! multiplies fuse into adds, lanes counted, DSPs per kind and type.

use super::model::{count_ops, dsps, Element, Kind, OpCount};
use melior::dialect::DialectRegistry;
use melior::ir::{block::BlockLike, Module};
use melior::utility::register_all_dialects;
use melior::Context;

fn context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    t2s_dialects::register_t2s_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context
}

/// The counts of the first op of `text`'s module (a `func.func`), on `pes`.
fn counts(text: &str, pes: u64) -> Vec<(String, String, u64, u64, f64)> {
    let context = context();
    let module = Module::parse(&context, text).expect("the test's IR parses");
    let body = module.body();
    let func = body.first_operation().expect("a function");
    count_ops(&func, |_| pes)
        .into_iter()
        .map(
            |OpCount {
                 kind,
                 element,
                 per_pe,
                 per_step,
                 dsps,
             }| { (kind.to_string(), element, per_pe, per_step, dsps) },
        )
        .collect()
}

#[test]
fn a_product_with_one_add_fuses_into_it() {
    let c = counts(
        "func.func @pe(%a: f32, %b: f32, %acc: f32) -> f32 {
           %p = arith.mulf %a, %b : f32
           %v = arith.addf %acc, %p : f32
           return %v : f32
         }",
        64,
    );
    assert_eq!(c, vec![("multiply-add".into(), "f32".into(), 1, 64, 64.0)]);
}

#[test]
fn a_product_with_two_users_stays_a_multiply() {
    let c = counts(
        "func.func @pe(%a: f32, %b: f32, %acc: f32) -> f32 {
           %p = arith.mulf %a, %b : f32
           %s = arith.addf %acc, %p : f32
           %v = arith.addf %s, %p : f32
           return %v : f32
         }",
        64,
    );
    assert_eq!(
        c,
        vec![
            ("multiply".into(), "f32".into(), 1, 64, 64.0),
            ("add".into(), "f32".into(), 2, 128, 128.0),
        ]
    );
}

#[test]
fn one_product_fuses_into_one_add_only_and_lanes_count() {
    // Two adds of two products: each fuses once; vector<4> counts 4 lanes.
    let c = counts(
        "func.func @pe(%a: vector<4xi16>, %b: vector<4xi16>) -> vector<4xi16> {
           %p = arith.muli %a, %b : vector<4xi16>
           %q = arith.muli %b, %b : vector<4xi16>
           %s = arith.addi %p, %q : vector<4xi16>
           return %s : vector<4xi16>
         }",
        2,
    );
    // The add takes the first product it can fuse; the other stays.
    assert_eq!(
        c,
        vec![
            ("multiply-add".into(), "i16".into(), 4, 8, 4.0),
            ("multiply".into(), "i16".into(), 4, 8, 4.0),
        ]
    );
}

#[test]
fn divisions_and_logic_take_no_dsp() {
    let c = counts(
        "func.func @pe(%a: i32, %b: i32, %c: i1) -> i32 {
           %d = arith.divsi %a, %b : i32
           %s = arith.select %c, %d, %a : i32
           %x = arith.xori %s, %a : i32
           return %x : i32
         }",
        4,
    );
    assert_eq!(c, vec![("divide".into(), "i32".into(), 1, 4, 0.0)]);
}

#[test]
fn dsps_by_kind_and_width() {
    assert_eq!(dsps(Kind::MultiplyAdd, Element::Float(32)), 1.0);
    assert_eq!(dsps(Kind::Add, Element::Float(16)), 1.0);
    assert_eq!(dsps(Kind::Add, Element::Float(64)), 0.0);
    assert_eq!(dsps(Kind::Multiply, Element::Float(64)), 4.0);
    assert_eq!(dsps(Kind::Multiply, Element::Int(18)), 0.5);
    assert_eq!(dsps(Kind::Multiply, Element::Int(27)), 1.0);
    assert_eq!(dsps(Kind::Multiply, Element::Int(32)), 2.0);
    assert_eq!(dsps(Kind::Multiply, Element::Int(64)), 4.0);
    assert_eq!(dsps(Kind::Add, Element::Int(32)), 0.0);
    assert_eq!(dsps(Kind::Divide, Element::Float(32)), 0.0);
    assert_eq!(Kind::MultiplyAdd.operations(), 2);
    assert_eq!(Kind::Add.operations(), 1);
}

mod memory {
    use crate::report::memory::{
        buffer_m20ks, channel_m20ks, file_m20ks, m20ks, Bandwidth, DeviceOption, FileRead,
    };
    use t2s_ir::pass::OptionValue;

    #[test]
    fn a_memory_takes_the_fewest_blocks_of_the_three_configurations() {
        // 512 x 40: one block holds 512 words of up to 40 bits.
        assert_eq!(m20ks(512, 32), 1);
        assert_eq!(m20ks(513, 32), 2);
        // 2K x 10 beats 512 x 40 for deep narrow memories.
        assert_eq!(m20ks(2048, 10), 1);
        assert_eq!(m20ks(2048, 8), 1);
        // A wide word: 512 bits side by side in 13 blocks of 40.
        assert_eq!(m20ks(256, 512), 13);
        assert_eq!(m20ks(1025, 32), 3);
        assert_eq!(m20ks(0, 32), 0);
        assert_eq!(m20ks(16, 0), 0);
    }

    #[test]
    fn buffers_take_a_power_of_two_banks() {
        // 2 x 320 x 512 floats in 160 banks: 256 banks of 1,280 words.
        assert_eq!(buffer_m20ks(2 * 320 * 512, 160, 32), 256 * 3);
        assert_eq!(buffer_m20ks(2 * 256 * 512, 128, 32), 128 * 4);
        // No banks is one bank.
        assert_eq!(buffer_m20ks(1024, 0, 32), 2);
    }

    #[test]
    fn shallow_channels_are_registers() {
        assert_eq!(channel_m20ks(8, 16, 32), 0);
        assert_eq!(channel_m20ks(8, 17, 32), 8);
        assert_eq!(channel_m20ks(1, 256, 512), 13);
    }

    #[test]
    fn a_pe_keeps_the_slots_its_readers_reach() {
        // Four PEs in a row, 100 slots each. A read at offset -3 (PE p
        // reads PE p + 3) at delay 99 reaches slot 99 of PE 3 only.
        let deep = FileRead {
            offset: vec![-3],
            slot: Some(99),
        };
        assert_eq!(file_m20ks(&[4, 100], 32, &[deep], None), 1);
        // Every PE reads its own file that far back: four memories.
        let own = FileRead {
            offset: vec![0],
            slot: Some(99),
        };
        assert_eq!(file_m20ks(&[4, 100], 32, &[own], None), 4);
        // Short reads: flip-flops.
        let short = FileRead {
            offset: vec![0],
            slot: Some(1),
        };
        assert_eq!(file_m20ks(&[4, 100], 32, &[short], None), 0);
        // A delay the model does not resolve: every PE keeps every slot.
        let unknown = FileRead {
            offset: vec![0],
            slot: None,
        };
        assert_eq!(file_m20ks(&[4, 100], 32, &[unknown], None), 4);
        // A short file is flip-flops whatever reads it.
        assert_eq!(file_m20ks(&[4, 64], 32, &[], None), 0);
    }

    #[test]
    fn devices_and_bandwidths_parse_or_say_why_not() {
        let a10 = DeviceOption::parse("Arria10").unwrap().0.unwrap();
        assert_eq!((a10.dsps, a10.m20ks), (1518, 2713));
        let s10 = DeviceOption::parse("s10").unwrap().0.unwrap();
        assert_eq!((s10.dsps, s10.m20ks), (5760, 11721));
        assert_eq!(DeviceOption::parse("").unwrap().0, None);
        assert!(DeviceOption::parse("virtex7")
            .unwrap_err()
            .contains("known: arria10, stratix10"));
        assert_eq!(Bandwidth::parse("19.2").unwrap().0, Some(19.2));
        assert_eq!(Bandwidth::parse("0").unwrap().0, None);
        assert!(Bandwidth::parse("-1").is_err());
        assert!(Bandwidth::parse("inf").is_err());
        assert!(Bandwidth::parse("fast").is_err());
    }
}
