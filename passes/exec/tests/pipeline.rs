//! End-to-end checks of the pass machinery from Rust: our passes compose by
//! name with upstream ones, take options, report located errors, and the
//! compiled program computes what the interpreter computes.

use melior::ir::Module;
use melior::pass::PassManager;
use melior::Context;
use t2s_exec::execute::{execute, program_model, run_pipeline, Mode};
use t2s_model::random::random_buffer;

fn context() -> Context {
    t2s_exec::execute::new_context()
}

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn mixed_pipeline_with_options_runs() {
    let context = context();
    let mut module = Module::parse(&context, &example("gemm.mlir")).expect("gemm parses");
    run_pipeline(
        &context,
        &mut module,
        "builtin.module(merge-ures, ure-to-scf{emit-c-interface=false}, canonicalize, func.func(cse))",
    )
    .expect("pipeline runs");
    let text = module.as_operation().to_string();
    assert!(text.contains("func.func public @gemm"), "{text}");
    assert!(
        !text.contains("llvm.emit_c_interface"),
        "the option was ignored: {text}"
    );
    assert!(text.contains("scf.for"), "{text}");
    assert!(!text.contains("ure."), "ure ops remain: {text}");
}

#[test]
fn unknown_option_is_rejected() {
    let context = context();
    let pm = PassManager::new(&context);
    let result = melior::utility::parse_pass_pipeline(
        pm.as_operation_pass_manager(),
        "builtin.module(ure-to-scf{no-such-option=1})",
    );
    assert!(result.is_err());
}

#[test]
fn failing_pass_reports_failure() {
    let context = context();
    // Two UREs and no merge: merge-ures must fail (with a located error).
    let source = r#"
      ure.program @p {
        ure.func @f(i) -> i32
        ure.func @g(i) -> i32
        ure.def @f(%i) { %c = arith.constant 1 : i32
          ure.yield %c : i32 }
        ure.def @g(%i) { %c = arith.constant 2 : i32
          ure.yield %c : i32 }
      }"#;
    let mut module = Module::parse(&context, source).expect("parses");
    assert!(run_pipeline(&context, &mut module, "builtin.module(merge-ures)").is_err());
}

#[test]
fn sequential_gemm_matches_interpreter() {
    let context = context();
    let source = example("gemm.mlir");
    let mut module = Module::parse(&context, &source).expect("parses");
    let model = program_model(&context, &mut module, None).expect("converts");
    let inputs: Vec<_> = model
        .inputs
        .iter()
        .enumerate()
        .map(|(i, input)| {
            let shape: Vec<usize> = input.shape.iter().map(|d| d.unwrap() as usize).collect();
            random_buffer(input.elem, &shape, 7 + i as u64)
        })
        .collect();
    let mut m1 = Module::parse(&context, &source).unwrap();
    let mut m2 = Module::parse(&context, &source).unwrap();
    let expected =
        execute(&context, &mut m1, None, Mode::INTERPRET, &inputs, &[]).expect("interprets");
    let actual = execute(&context, &mut m2, None, Mode::SEQUENTIAL, &inputs, &[]).expect("runs");
    assert_eq!(expected, actual);
}
