//! The interface every execution mode implements: a new backend is one new
//! module implementing [`Backend`] and one line in [`crate::execute::BACKENDS`].

use crate::error::ExecuteError;
use melior::ir::Module;
use melior::Context;
use std::time::Duration;
use t2s_ir::pipeline::{Given, Pipeline};
use t2s_model::interpret::Buffer;

/// One way of running a program.
pub trait Backend: Sync {
    /// Its `--mode` name.
    fn name(&self) -> &'static str;
    /// One line for `t2s-run --help`.
    fn summary(&self) -> &'static str;
    /// The largest iteration space it takes by default.
    fn default_max_points(&self) -> u64 {
        crate::limits::DEFAULT_MAX_POINTS
    }
    /// The pipelines whose options it takes (`--fastmath`, `--pipeline-options`).
    fn pipelines(&self) -> Vec<&'static Pipeline> {
        Vec::new()
    }
    /// Runs the program `request.program` of `module` (which it may lower in
    /// place): the outputs, and the times of `options.repeat` more runs.
    fn run(
        &self,
        context: &Context,
        module: &mut Module,
        request: &Request<'_>,
    ) -> Result<(Vec<Buffer>, Vec<Duration>), ExecuteError>;
}

/// What to run and on what.
pub struct Request<'a> {
    /// The program's name; `None` for the module's only program.
    pub program: Option<&'a str>,
    pub inputs: &'a [Buffer],
    pub params: &'a [i64],
    pub options: &'a RunOptions,
    /// What the program as given reads of its inputs (`t2s_ir::reads`),
    /// read before any pass runs: every mode checks the same needs.
    pub input_needs: Vec<t2s_model::reads::InputNeeds>,
    /// Where the program's schedule is (`file:line:col` of its last
    /// `ure.space_time_transform`, or of its array), for the errors about
    /// the work it makes; empty when unknown.
    pub schedule_at: String,
}

impl Request<'_> {
    /// The pipeline options `pipeline` takes (the others are for other
    /// backends' pipelines).
    pub fn options_for(&self, pipeline: &Pipeline) -> Vec<Given> {
        let taken = pipeline.options();
        self.options
            .pipeline_options
            .iter()
            .filter(|(name, _)| taken.iter().any(|o| o.name == name))
            .cloned()
            .collect()
    }

    /// `pipeline` with the options it takes (and the upstream passes of
    /// `between_passes` after each t2s pass), cut after each pass of `cuts`
    /// ([`Pipeline::stages`]): the route's one declared pipeline, run in
    /// stages so that the runner can read the IR between them.
    pub fn stages(
        &self,
        pipeline: &Pipeline,
        cuts: &[&t2s_ir::pass::PassDef],
    ) -> Result<Vec<String>, ExecuteError> {
        pipeline
            .stages(
                &self.options_for(pipeline),
                &self.options.between_passes,
                cuts,
            )
            .map_err(ExecuteError::Pipeline)
    }

    /// Whether the request gives an option of the space-time transform
    /// (`space`, `vector`, `check-time`): a mode with a sequential and an
    /// array route then takes the array's, as it does for a program whose
    /// directives ask for an array.
    pub fn asks_for_array(&self) -> bool {
        let transform = &t2s_transforms::spacetime::space_time_transform::PASS;
        self.options
            .pipeline_options
            .iter()
            .any(|(name, _)| transform.option(name).is_some())
    }

    /// A mode with two routes must not drop an option it lists: the route
    /// `pipeline` (named `route`) must take every given option that one of
    /// `backend`'s pipelines takes.
    pub fn check_route(
        &self,
        backend: &dyn Backend,
        pipeline: &Pipeline,
        route: &str,
    ) -> Result<(), ExecuteError> {
        let taken = pipeline.options();
        let listed: Vec<t2s_ir::pass::PassOption> = backend
            .pipelines()
            .iter()
            .flat_map(|p| p.options())
            .collect();
        for (name, _) in &self.options.pipeline_options {
            let dropped =
                !taken.iter().any(|o| o.name == name) && listed.iter().any(|o| o.name == name);
            if dropped {
                return Err(ExecuteError::Pipeline(format!(
                    "the option '{name}' would be ignored: the program takes the {route} route ('{}'), which has no pass that takes it",
                    pipeline.argument
                )));
            }
        }
        Ok(())
    }

    /// Before anything is compiled or run: the iteration space must stay
    /// within the limit of `backend`, and the inputs must hold what the
    /// program reads.
    pub fn check_points(
        &self,
        backend: &dyn Backend,
        interface: &crate::interface::Interface,
    ) -> Result<(), ExecuteError> {
        crate::limits::check_points(
            interface,
            self.params,
            backend.default_max_points(),
            self.options.max_points,
        )?;
        crate::limits::check_work(
            interface,
            self.params,
            backend.default_max_points(),
            self.options.max_points,
            &self.schedule_at,
        )?;
        crate::args::check_input_needs(interface, &self.input_needs, self.inputs, self.params)
    }
}

/// How a compiled program is built and run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Extra timed calls of the compiled function.
    pub repeat: usize,
    /// Options of the t2s passes of the backends' pipelines, e.g.
    /// `("fastmath", "contract")` or `("unroll-pes", "false")`; each
    /// pipeline takes those its passes declare.
    pub pipeline_options: Vec<Given>,
    /// Upstream passes (textual, e.g. `canonicalize, cse`) run after every
    /// t2s pass of the backends' pipelines: the promise that any upstream
    /// pass may run between two of ours, tested.
    pub between_passes: String,
    /// The channels' depths (dataflow mode).
    pub channel_depths: t2s_runtime::channel::DepthMode,
    /// The largest iteration space (points) a run may take; 0 for the
    /// mode's default ([`DEFAULT_MAX_POINTS`], [`DEFAULT_MAX_INTERPRETER_POINTS`], [`DEFAULT_MAX_CHANNEL_POINTS`]).
    pub max_points: u64,
}
