//! Named pipelines, declared once as lists of steps. A pipeline takes the
//! options of the t2s passes it runs (`--t2s-dataflow-to-scf='unroll-pes=false'`
//! gives `unroll-pes` to `spacetime-to-scf`); the registry entry, the
//! textual form the runners use and the `--help` text all come from the
//! declaration.

use crate::pass::{PassDef, PassOption};
use crate::registration::{keep, one_line, option_specs};
use mlir_sys::MlirStringRef;
use std::ffi::c_void;
use t2s_dialects::capi;

/// One step of a pipeline.
pub enum Step {
    /// A t2s pass; it takes the pipeline's options that it declares.
    Pass(&'static PassDef),
    /// Upstream passes in MLIR's textual form, e.g. `canonicalize` or
    /// `gpu.module(convert-math-to-spirv)`.
    Upstream(&'static str),
    /// Every step of another pipeline.
    Pipeline(&'static Pipeline),
}

/// A named pipeline.
pub struct Pipeline {
    /// Its name in pass pipelines, e.g. `t2s-lower-to-llvm`.
    pub argument: &'static str,
    pub description: &'static str,
    pub steps: &'static [Step],
    /// Option values of its passes that differ from theirs (e.g. the
    /// OpenCL route's `unroll-pes=false`); given options override them,
    /// and a pipeline's defaults hold in the pipelines it runs.
    pub defaults: &'static [(&'static str, &'static str)],
}

/// An option given to a pipeline: its name and MLIR's text of its value.
pub type Given = (String, String);

impl Pipeline {
    /// The t2s passes it runs, in order.
    pub fn passes(&self) -> Vec<&'static PassDef> {
        let mut all = Vec::new();
        for step in self.steps {
            match step {
                Step::Pass(p) => all.push(*p),
                Step::Pipeline(p) => all.extend(p.passes()),
                Step::Upstream(_) => {}
            }
        }
        all
    }

    /// The options it takes: those of its t2s passes, each name once, with
    /// the pipeline's defaults.
    pub fn options(&self) -> Vec<PassOption> {
        let mut all: Vec<PassOption> = Vec::new();
        for pass in self.passes() {
            for o in pass.options {
                if !all.iter().any(|a| a.name == o.name) {
                    all.push(*o);
                }
            }
        }
        for o in &mut all {
            if let Some((_, value)) = self.defaults.iter().find(|(name, _)| *name == o.name) {
                o.default = value;
            }
        }
        all
    }

    /// `given` with this pipeline's defaults for the options not given.
    fn with_defaults(&self, given: &[Given]) -> Vec<Given> {
        let mut all = given.to_vec();
        for (name, value) in self.defaults {
            if !all.iter().any(|(n, _)| n == name) {
                all.push((name.to_string(), value.to_string()));
            }
        }
        all
    }

    /// The textual pipeline (without the enclosing `builtin.module(...)`)
    /// with `given` options handed to every pass that declares them. An
    /// option no pass of the pipeline takes is an error naming it.
    pub fn render(&self, given: &[Given]) -> Result<String, String> {
        let options = self.options();
        for (name, _) in given {
            if !options.iter().any(|o| o.name == name) {
                let valid: Vec<&str> = options.iter().map(|o| o.name).collect();
                return Err(format!(
                    "'{}' takes no option '{name}' (its options: {})",
                    self.argument,
                    if valid.is_empty() {
                        "none".to_string()
                    } else {
                        valid.join(", ")
                    }
                ));
            }
        }
        Ok(self.render_steps(given, None))
    }

    /// `between` (upstream passes, textual) after every t2s pass of the
    /// pipeline: what an embedder may run between two of ours.
    fn render_steps(&self, given: &[Given], between: Option<&str>) -> String {
        self.items(given, between)
            .into_iter()
            .map(|(_, text)| text)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Its steps, flattened and rendered: each t2s pass (with the `between`
    /// passes after it) and each upstream step, with the t2s pass it runs.
    fn items(
        &self,
        given: &[Given],
        between: Option<&str>,
    ) -> Vec<(Option<&'static PassDef>, String)> {
        let given = &self.with_defaults(given);
        let mut items = Vec::new();
        for step in self.steps {
            match step {
                Step::Pass(p) => {
                    let mut text = render_pass(p, given);
                    if let Some(between) = between {
                        text = format!("{text}, {between}");
                    }
                    items.push((Some(*p), text));
                }
                Step::Upstream(text) => items.push((None, text.to_string())),
                Step::Pipeline(p) => items.extend(p.items(given, between)),
            }
        }
        items
    }

    /// The last t2s pass it runs: where a runner cuts a pipeline that runs
    /// this one first.
    pub fn last_pass(&self) -> &'static PassDef {
        self.passes()
            .last()
            .expect("every named pipeline runs a t2s pass")
    }

    /// [`Pipeline::on_module_between`] cut into consecutive stages, each a
    /// `builtin.module(...)`: one after each pass of `cuts` (in order, each
    /// cut at its first run after the previous cut), and one for the rest.
    /// Run one after another, the stages run exactly the whole pipeline; a
    /// runner reads the IR between them (the calling convention after the
    /// array is built, the design after the kernels are lowered).
    pub fn stages(
        &self,
        given: &[Given],
        between: &str,
        cuts: &[&PassDef],
    ) -> Result<Vec<String>, String> {
        self.render(given)?;
        let between = between.trim();
        let between = (!between.is_empty()).then_some(between);
        let mut stages = vec![Vec::new()];
        let mut cuts = cuts.iter().peekable();
        for (pass, text) in self.items(given, between) {
            stages.last_mut().expect("one stage at least").push(text);
            let at_cut =
                matches!((pass, cuts.peek()), (Some(p), Some(c)) if p.argument == c.argument);
            if at_cut {
                cuts.next();
                stages.push(Vec::new());
            }
        }
        if let Some(cut) = cuts.next() {
            return Err(format!(
                "'{}' runs no '{}' where a stage should end",
                self.argument, cut.argument
            ));
        }
        Ok(stages
            .into_iter()
            .map(|s| format!("builtin.module({})", s.join(", ")))
            .collect())
    }

    /// `builtin.module(<steps>)` with `given` options.
    pub fn on_module(&self, given: &[Given]) -> Result<String, String> {
        Ok(format!("builtin.module({})", self.render(given)?))
    }

    /// [`Pipeline::on_module`] with the upstream passes `between` run after
    /// each t2s pass (e.g. `canonicalize, cse`).
    pub fn on_module_between(&self, given: &[Given], between: &str) -> Result<String, String> {
        self.render(given)?;
        let between = between.trim();
        let between = (!between.is_empty()).then_some(between);
        Ok(format!(
            "builtin.module({})",
            self.render_steps(given, between)
        ))
    }
}

/// `pass{key=value ...}` with the given options the pass declares.
pub fn render_pass(pass: &PassDef, given: &[Given]) -> String {
    let mine: Vec<String> = given
        .iter()
        .filter(|(name, _)| pass.option(name).is_some())
        .map(|(name, value)| format!("{name}={}", quote(value)))
        .collect();
    if mine.is_empty() {
        pass.argument.to_string()
    } else {
        format!("{}{{{}}}", pass.argument, mine.join(" "))
    }
}

/// A value as MLIR's option parser reads it back: braced when it holds a
/// separator.
fn quote(value: &str) -> String {
    if value.contains([' ', '}', '{', '"']) {
        format!("{{{value}}}")
    } else {
        value.to_string()
    }
}

/// Registers `pipeline` in MLIR's registry: `--<argument>` and
/// `<argument>{options}` in textual pipelines.
pub fn register(pipeline: &'static Pipeline) {
    let options = option_specs(&pipeline.options());
    // SAFETY: the strings and specs outlive the call (C++ copies them); the
    // pipeline is 'static.
    unsafe {
        capi::t2sRegisterPassPipeline(
            keep(pipeline.argument),
            keep(&one_line(pipeline.description)),
            options.len() as isize,
            options.as_ptr(),
            build_trampoline,
            pipeline as *const Pipeline as *mut c_void,
        )
    }
}

/// Called by C++ with the options given (names and values, MLIR-parsed);
/// writes the textual pipeline through `write`. A panic must not unwind
/// into C++.
unsafe extern "C" fn build_trampoline(
    user_data: *mut c_void,
    num_given: isize,
    names: *const MlirStringRef,
    values: *const MlirStringRef,
    write: unsafe extern "C" fn(MlirStringRef, *mut c_void),
    stream: *mut c_void,
) -> bool {
    let text = |s: MlirStringRef| {
        // SAFETY: C++ passes live strings for the duration of the call.
        let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
        String::from_utf8_lossy(bytes).into_owned()
    };
    // SAFETY: user_data is the &'static Pipeline given at registration.
    let pipeline = unsafe { &*(user_data as *const Pipeline) };
    let given: Vec<Given> = (0..num_given.max(0) as usize)
        // SAFETY: C++ passes `num_given` names and values.
        .map(|i| unsafe { (text(*names.add(i)), text(*values.add(i))) })
        .collect();
    let rendered = std::panic::catch_unwind(|| pipeline.render(&given));
    let (ok, out) = match rendered {
        Ok(Ok(t)) => (true, t),
        Ok(Err(why)) => (false, why),
        Err(_) => (
            false,
            format!("internal error while building '{}'", pipeline.argument),
        ),
    };
    // SAFETY: `write` and `stream` come from C++ for this call.
    unsafe { write(crate::diag::string_ref(&out), stream) };
    ok
}
