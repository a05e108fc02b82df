//! `--mode sequential`: the merged loop nest lowered as written
//! (`t2s-sequential-to-llvm`: no systolic array) and JIT-run.

use crate::backend::{Backend, Request};
use crate::error::ExecuteError;
use crate::interface::{param_max, Interface};
use crate::jit::jit_run_timed;
use crate::limits::MAX_ELEMENTS;
use crate::session::{program_model, run_pipeline, select_program};
use melior::ir::Module;
use melior::Context;
use std::time::Duration;
use t2s_ir::ir;
use t2s_ir::pipeline::Pipeline;
use t2s_model::interpret::Buffer;
use t2s_passes::pipelines::SEQUENTIAL_TO_LLVM;
use t2s_transforms::ure::merge_ures::PASS as MERGE_URES;

pub struct Sequential;

impl Backend for Sequential {
    fn name(&self) -> &'static str {
        "sequential"
    }

    fn summary(&self) -> &'static str {
        "merge-ures, then the loop nest lowered sequentially to scf/llvm and JIT-run"
    }

    fn pipelines(&self) -> Vec<&'static Pipeline> {
        vec![&SEQUENTIAL_TO_LLVM]
    }

    fn run(
        &self,
        context: &Context,
        module: &mut Module,
        request: &Request<'_>,
    ) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
        let program = select_program(module.as_operation(), request.program)?;
        if crate::session::is_transformed(&program) {
            return Err(ExecuteError::Transformed(
                ir::symbol_name(&program),
                self.name(),
            ));
        }
        let stages = request.stages(&SEQUENTIAL_TO_LLVM, &[&MERGE_URES])?;
        run_pipeline(context, module, &stages[0])?;
        let program = select_program(module.as_operation(), request.program)?;
        let decls = ir::param_decls(&program);
        let model = program_model(context, module, request.program)?;
        let mut interface = Interface::from_model(&model);
        interface.param_max = param_max(&decls, &model.params);
        request.check_points(self, &interface)?;
        // The rolling buffers the lowered code will allocate.
        let slots =
            t2s_model::interpret::rolling_slots(&model, request.params).ok_or_else(|| {
                ExecuteError::TooLarge("the sequential storage (its size overflows i64)".into())
            })?;
        let total: u64 = slots
            .iter()
            .map(|s| *s as u64)
            .fold(0u64, u64::saturating_add);
        if total > MAX_ELEMENTS {
            return Err(ExecuteError::TooLarge(format!(
                "the sequential storage ({total} values)"
            )));
        }
        run_pipeline(context, module, &stages[1])?;
        jit_run_timed(
            module,
            &interface,
            request.inputs,
            request.params,
            request.options.repeat,
        )
    }
}
