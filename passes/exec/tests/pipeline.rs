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

/// Random inputs of the program's static shapes, seeded from `seed`.
fn random_inputs(
    context: &Context,
    module: &mut Module,
    seed: u64,
) -> Vec<t2s_model::interpret::Buffer> {
    let model = program_model(context, module, None).expect("converts");
    model
        .inputs
        .iter()
        .enumerate()
        .map(|(i, input)| {
            let shape: Vec<usize> = input.shape.iter().map(|d| d.unwrap() as usize).collect();
            random_buffer(input.elem, &shape, seed + i as u64)
        })
        .collect()
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
    let inputs = random_inputs(&context, &mut module, 7);
    let mut m1 = Module::parse(&context, &source).unwrap();
    let mut m2 = Module::parse(&context, &source).unwrap();
    let expected =
        execute(&context, &mut m1, None, Mode::INTERPRET, &inputs, &[]).expect("interprets");
    let actual = execute(&context, &mut m2, None, Mode::SEQUENTIAL, &inputs, &[]).expect("runs");
    assert_eq!(expected, actual);
}

/// Tiles on the host's threads (`ure.parallel`) run again and again in one
/// process: each run's engine is destroyed before the next, and the async
/// runtime must outlive them (an engine that loaded the library itself
/// reset its runtime on destruction, and the next run crashed).
#[test]
fn parallel_tiles_run_in_several_engines_of_one_process() {
    let context = context();
    let path = format!(
        "{}/../../test/Transforms/Inputs/pack-gemm.mlir",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(&path)
        .expect("the test input")
        .replace(
            "  ure.vectorize @a (jjj)\n",
            "  ure.vectorize @a (jjj)\n  ure.parallel @a (jj)\n",
        );
    assert!(source.contains("ure.parallel"));
    let mut module = Module::parse(&context, &source).expect("parses");
    let inputs = random_inputs(&context, &mut module, 3);
    let mut reference = Module::parse(&context, &source).unwrap();
    let expected = execute(
        &context,
        &mut reference,
        None,
        Mode::INTERPRET,
        &inputs,
        &[],
    )
    .expect("interprets");
    for _ in 0..3 {
        let mut m = Module::parse(&context, &source).unwrap();
        let actual = execute(&context, &mut m, None, Mode::SYSTOLIC, &inputs, &[]).expect("runs");
        assert_eq!(expected, actual);
    }
}

mod failing {
    use melior::ir::operation::OperationRef;
    use t2s_ir::pass::{Anchor, Failed, NoOptions};

    t2s_ir::declare_pass! {
        /// Fails on a broken invariant, naming nothing but what it missed
        /// (the failure is located at the op the pass runs on)
        pub static SILENT = "test-fail-internally" (TestFailInternally)
            on Anchor::Any, creates [],
            run silent;
    }

    t2s_ir::declare_pass! {
        /// Panics (a bug the trampoline must catch and report)
        pub static PANICS = "test-panic" (TestPanic)
            on Anchor::Any, creates [],
            run panics;
    }

    fn silent(_: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
        use t2s_ir::diag::OrInternal;
        None::<()>.or_internal("the test's missing value")
    }

    fn panics(_: OperationRef<'_, '_>, _: &NoOptions) -> Result<(), Failed> {
        panic!("an invariant broke")
    }
}

/// Runs `pipeline` on a one-op module and returns the error diagnostics.
fn errors_of(pipeline: &str) -> Vec<String> {
    let context = context();
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        t2s_passes::register_passes();
        t2s_ir::registration::register(&failing::SILENT);
        t2s_ir::registration::register(&failing::PANICS);
    });
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let sink = seen.clone();
    let id = context.attach_diagnostic_handler(move |d| {
        sink.borrow_mut().push(format!("{} {}", d.location(), d));
        true
    });
    let mut module = Module::parse(&context, "func.func @f() { return }").expect("parses");
    let result = run_pipeline(&context, &mut module, pipeline);
    context.detach_diagnostic_handler(id);
    assert!(result.is_err(), "{pipeline} must fail");
    let errors = seen.borrow().clone();
    errors
}

#[test]
fn a_broken_invariant_is_reported_at_the_op_the_pass_runs_on() {
    // A `Failed` cannot be made without a diagnostic (its field is private
    // to t2s_ir::diag); `or_internal` reports at the op being worked on.
    let errors = errors_of("builtin.module(test-fail-internally)");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("internal error: the test's missing value (please report this)"),
        "{errors:?}"
    );
    assert!(errors[0].starts_with("loc("), "not located: {errors:?}");
}

#[test]
fn a_panicking_pass_is_reported_at_its_op() {
    let errors = errors_of("builtin.module(test-panic)");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("internal error in pass 'test-panic': an invariant broke"),
        "{errors:?}"
    );
}
