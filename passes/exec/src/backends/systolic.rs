//! `--mode systolic`: the space-time transform of the program's directives
//! (or the array as given, maybe hand-edited), the systolic array lowered
//! to scf/llvm (`t2s-lower-to-llvm`) and JIT-run.

use crate::backend::{Backend, Request};
use crate::error::ExecuteError;
use crate::interface::array_interface;
use crate::jit::jit_run_timed;
use crate::session::run_pipeline;
use melior::ir::Module;
use melior::Context;
use std::time::Duration;
use t2s_ir::pipeline::Pipeline;
use t2s_model::interpret::Buffer;
use t2s_passes::pipelines::{LOWER_TO_LLVM, TRANSFORM};

pub struct Systolic;

impl Backend for Systolic {
    fn name(&self) -> &'static str {
        "systolic"
    }

    fn summary(&self) -> &'static str {
        "the space-time transform, the systolic array lowered to scf/llvm and JIT-run"
    }

    fn pipelines(&self) -> Vec<&'static Pipeline> {
        vec![&LOWER_TO_LLVM]
    }

    fn run(
        &self,
        context: &Context,
        module: &mut Module,
        request: &Request<'_>,
    ) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError> {
        let stages = request.stages(&LOWER_TO_LLVM, &[TRANSFORM.last_pass()])?;
        run_pipeline(context, module, &stages[0])?;
        let interface = array_interface(module, request.program)?;
        request.check_points(self, &interface)?;
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
