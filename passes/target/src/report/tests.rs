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
    count_ops(&func, pes)
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
