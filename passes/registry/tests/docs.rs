//! The docs pages come from the declarations: every pass has
//! `docs/passes/<argument>.md` whose options table is the one its
//! declaration gives, and `docs/pipelines.md` lists every named pipeline
//! with its steps and options. `T2S_UPDATE_DOCS=1 cargo test -p t2s-passes
//! --test docs` rewrites the generated parts.

use std::path::PathBuf;
use t2s_ir::pipeline::{Pipeline, Step};

const BEGIN: &str = "<!-- options: generated from the pass declaration (T2S_UPDATE_DOCS=1 cargo test -p t2s-passes --test docs) -->";
const END: &str = "<!-- end of the generated options -->";

fn docs() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs"))
}

fn updating() -> bool {
    std::env::var_os("T2S_UPDATE_DOCS").is_some()
}

/// `text` with the generated block replaced by `generated` (or, if it has
/// none, an `## Options` section appended).
fn with_block(text: &str, generated: &str) -> String {
    let block = format!("{BEGIN}\n{generated}{END}\n");
    match (text.find(BEGIN), text.find(END)) {
        (Some(b), Some(e)) if b < e => {
            format!("{}{block}{}", &text[..b], &text[e + END.len() + 1..])
        }
        _ => format!(
            "{}\n## Options\n\n{block}",
            text.trim_end_matches('\n').to_string() + "\n"
        ),
    }
}

#[test]
fn every_pass_page_lists_its_declared_options() {
    let mut stale = Vec::new();
    for pass in t2s_passes::all_passes() {
        let path = docs().join("passes").join(format!("{}.md", pass.argument));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: every pass has a docs page: {e}", path.display()));
        let expected = with_block(&text, &pass.options_markdown());
        if expected != text {
            if updating() {
                std::fs::write(&path, expected).expect("docs are writable");
            } else {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale options tables (T2S_UPDATE_DOCS=1 cargo test -p t2s-passes --test docs): {stale:?}"
    );
}

fn step_text(step: &Step) -> String {
    match step {
        Step::Pass(p) => format!("[`{}`](passes/{}.md)", p.argument, p.argument),
        Step::Upstream(text) => format!("`{text}`"),
        Step::Pipeline(p) => format!("`{}` (below)", p.argument),
    }
}

fn pipeline_section(p: &Pipeline) -> String {
    let mut text = format!(
        "## `{}`\n\n{}\n\nSteps: {}.\n\n",
        p.argument,
        t2s_ir::registration::one_line(p.description),
        p.steps.iter().map(step_text).collect::<Vec<_>>().join(", ")
    );
    let options = p.options();
    if options.is_empty() {
        text.push_str("Options: none.\n\n");
    } else {
        text.push_str("| option | of | type | default |\n|---|---|---|---|\n");
        for o in options {
            let owners: Vec<String> = p
                .passes()
                .iter()
                .filter(|pass| pass.option(o.name).is_some())
                .map(|pass| format!("`{}`", pass.argument))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let default = if o.default.is_empty() {
                "(none)".to_string()
            } else {
                format!("`{}`", o.default)
            };
            text.push_str(&format!(
                "| `{}` | {} | {} | {default} |\n",
                o.name,
                owners.join(", "),
                o.kind.text()
            ));
        }
        text.push('\n');
    }
    text
}

#[test]
fn the_pipelines_page_is_the_declarations() {
    let mut text = String::from(
        "# Named pipelines\n\n\
         Generated from `passes/registry/src/pipelines.rs` \
         (`T2S_UPDATE_DOCS=1 cargo test -p t2s-passes --test docs`). Each \
         pipeline takes the options of the t2s passes it runs and hands each \
         to every pass that declares it: \
         `--t2s-dataflow-to-scf='unroll-pes=false'`, \
         `builtin.module(t2s-lower-to-llvm{fastmath=contract})`. An option \
         no pass of the pipeline takes is an error naming it.\n\n",
    );
    for p in t2s_passes::pipelines::all_pipelines() {
        text.push_str(&pipeline_section(p));
    }
    let path = docs().join("pipelines.md");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current != text {
        if updating() {
            std::fs::write(&path, &text).expect("docs are writable");
        } else {
            panic!("docs/pipelines.md is stale (T2S_UPDATE_DOCS=1 cargo test -p t2s-passes --test docs)");
        }
    }
}

#[test]
fn options_shared_by_passes_of_a_pipeline_agree() {
    for p in t2s_passes::pipelines::all_pipelines() {
        for o in p.options() {
            // A pipeline may give an option a default of its own.
            let overridden = p.defaults.iter().any(|(name, _)| *name == o.name);
            for pass in p.passes() {
                if let Some(other) = pass.option(o.name) {
                    let default = if overridden { o.default } else { other.default };
                    assert_eq!(
                        (other.kind, default),
                        (o.kind, o.default),
                        "option '{}' of '{}' differs between its passes",
                        o.name,
                        p.argument
                    );
                }
            }
        }
    }
}

#[test]
fn every_declared_default_parses() {
    for pass in t2s_passes::all_passes() {
        (pass.parse_defaults)()
            .unwrap_or_else(|why| panic!("{}: a default does not parse: {why}", pass.argument));
    }
}

#[test]
fn pipeline_defaults_name_options_of_their_passes() {
    for p in t2s_passes::pipelines::all_pipelines() {
        let options = p.options();
        for (name, value) in p.defaults {
            let option = options.iter().find(|o| o.name == *name).unwrap_or_else(|| {
                panic!(
                    "'{}' defaults '{name}', which none of its passes takes",
                    p.argument
                )
            });
            assert_eq!(option.default, *value);
        }
    }
}

#[test]
fn given_options_override_a_pipelines_defaults() {
    let p = &t2s_passes::pipelines::DATAFLOW_TO_SCF;
    let text = p.on_module(&[]).expect("renders");
    assert!(
        text.contains(
            "spacetime-to-scf{unroll-pes=false shift-registers=true max-shifted-slots=1024 input-checks=false}"
        ),
        "{text}"
    );
    let given = vec![("unroll-pes".to_string(), "true".to_string())];
    let text = p.on_module(&given).expect("renders");
    assert!(
        text.contains(
            "spacetime-to-scf{unroll-pes=true shift-registers=true max-shifted-slots=1024 input-checks=false}"
        ),
        "{text}"
    );
    // The pipelines it runs keep their own defaults (kernels return
    // nothing on the OpenCL route), and the pipelines that run them
    // inherit those.
    let arrays = t2s_passes::pipelines::ARRAYS_TO_SCF
        .on_module(&[])
        .expect("renders");
    assert!(
        arrays.contains("spacetime-to-scf{input-checks=false},"),
        "{arrays}"
    );
    let llvm = t2s_passes::pipelines::LOWER_TO_LLVM
        .on_module(&[])
        .expect("renders");
    assert!(
        llvm.contains("spacetime-to-scf{pack-feeders=true threads=true pe-region-size=16},"),
        "{llvm}"
    );
    let spirv = t2s_passes::pipelines::SEQUENTIAL_TO_SPIRV
        .on_module(&[])
        .expect("renders");
    assert!(spirv.contains("ure-to-scf{input-checks=false},"), "{spirv}");
}

/// A runner's stages run exactly the pipeline: their passes, joined, are
/// the whole pipeline's, options and the passes between ours included.
#[test]
fn stages_run_exactly_the_pipeline() {
    use t2s_passes::pipelines::{DATAFLOW_TO_LLVM, ISOLATE};
    let given = vec![("space".to_string(), "i,j".to_string())];
    let between = "canonicalize, cse";
    let cuts = [ISOLATE.last_pass(), &t2s_conversion::spacetime_to_scf::PASS];
    let stages = DATAFLOW_TO_LLVM
        .stages(&given, between, &cuts)
        .expect("cuts");
    assert_eq!(stages.len(), 3);
    let inner = |s: &str| {
        s.strip_prefix("builtin.module(")
            .and_then(|s| s.strip_suffix(')'))
            .expect("a module pipeline")
            .to_string()
    };
    let joined: Vec<String> = stages.iter().map(|s| inner(s)).collect();
    let whole = DATAFLOW_TO_LLVM
        .on_module_between(&given, between)
        .expect("renders");
    assert_eq!(inner(&whole), joined.join(", "));
    assert!(
        stages[0].contains("space-time-transform{space=i,j}"),
        "{}",
        stages[0]
    );
    assert!(
        stages[0].ends_with("split-register-files, canonicalize, cse)"),
        "{}",
        stages[0]
    );
    assert!(
        stages[1].starts_with("builtin.module(spacetime-to-scf"),
        "{}",
        stages[1]
    );
    // A cut the pipeline does not run is an error, not a silent whole.
    let missing = t2s_passes::pipelines::SEQUENTIAL_TO_LLVM.stages(&[], "", &cuts);
    assert!(missing.is_err());
}
