//! `--mode interpret`: the reference interpreter of the `ure` dialect, run
//! on the model of the merged program: the ground truth every other mode is
//! compared with.

use crate::backend::{Backend, Request};
use crate::error::ExecuteError;
use crate::interface::{param_max, Interface};
use crate::session::{program_model, select_program};
use melior::ir::Module;
use melior::Context;
use std::time::Duration;
use t2s_ir::ir;
use t2s_model::interpret::{interpret, Buffer};

pub struct Interpret;

impl Backend for Interpret {
    fn name(&self) -> &'static str {
        "interpret"
    }

    fn summary(&self) -> &'static str {
        "the reference interpreter, straight from the equations"
    }

    fn default_max_points(&self) -> u64 {
        crate::limits::DEFAULT_MAX_INTERPRETER_POINTS
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
        let decls = ir::param_decls(&program);
        let model = program_model(context, module, request.program)?;
        let mut interface = Interface::from_model(&model);
        interface.param_max = param_max(&decls, &model.params);
        request.check_points(self, &interface)?;
        Ok((
            interpret(&model, request.params, request.inputs)?,
            Vec::new(),
        ))
    }
}
