//! How a pass written in Rust is declared: once, with [`declare_pass!`],
//! which gives its registry entry (argument, summary, the op it transforms,
//! the dialects it creates), a struct of typed options with their parser,
//! and the text of its options for `--help` and for its docs page.
//!
//! MLIR parses `pass{key=value}` against the declared options (an unknown
//! key is MLIR's own error); [`OptionValue::parse`] turns the values into
//! the fields of the options struct, so a pass never reads an option by
//! name. Registration is in [`crate::registration`].

pub use crate::diag::Failed;
use crate::ods;
use melior::ir::operation::{OperationLike, OperationRef, WalkOrder, WalkResult};

/// A doc comment's lines (each with the space after `///`) as one line.
pub fn one_line(doc: &str) -> String {
    doc.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The type of a pass option as MLIR declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int,
    String,
    IntList,
}

impl OptionKind {
    /// The type as the docs show it.
    pub fn text(self) -> &'static str {
        match self {
            OptionKind::Bool => "bool",
            OptionKind::Int => "integer",
            OptionKind::String => "string",
            OptionKind::IntList => "integer list",
        }
    }
}

/// A declared pass option.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: OptionKind,
    /// Textual default, as MLIR parses it; lists are comma separated.
    pub default: &'static str,
}

/// The values of a pass's options as MLIR parsed them: one text per
/// declared option, in declaration order (bools `true`/`false`, lists comma
/// separated).
#[derive(Clone, Debug, Default)]
pub struct RawOptions {
    pub values: Vec<String>,
}

/// A Rust type a pass option can have.
pub trait OptionValue: Sized {
    const KIND: OptionKind;
    /// The value of `text` (MLIR's rendering of the option), or why not.
    fn parse(text: &str) -> Result<Self, String>;
}

impl OptionValue for bool {
    const KIND: OptionKind = OptionKind::Bool;
    fn parse(text: &str) -> Result<Self, String> {
        match text {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(format!("'{text}' is not a bool (true or false)")),
        }
    }
}

impl OptionValue for i64 {
    const KIND: OptionKind = OptionKind::Int;
    fn parse(text: &str) -> Result<Self, String> {
        text.trim()
            .parse()
            .map_err(|_| format!("'{text}' is not an integer"))
    }
}

impl OptionValue for String {
    const KIND: OptionKind = OptionKind::String;
    fn parse(text: &str) -> Result<Self, String> {
        Ok(text.to_string())
    }
}

impl OptionValue for Vec<i64> {
    const KIND: OptionKind = OptionKind::IntList;
    fn parse(text: &str) -> Result<Self, String> {
        text.split(',')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(i64::parse)
            .collect()
    }
}

/// An integer list that may be absent (not the same as empty).
impl OptionValue for Option<Vec<i64>> {
    const KIND: OptionKind = OptionKind::IntList;
    fn parse(text: &str) -> Result<Self, String> {
        if text.trim().is_empty() {
            return Ok(None);
        }
        Vec::<i64>::parse(text).map(Some)
    }
}

/// Comma-separated names (a string option).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(pub Vec<String>);

impl OptionValue for Names {
    const KIND: OptionKind = OptionKind::String;
    fn parse(text: &str) -> Result<Self, String> {
        Ok(Names(
            text.split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
        ))
    }
}

/// The options of a pass, parsed from MLIR's values.
pub trait PassOptions: Sized {
    const SPECS: &'static [PassOption];
    /// Parses one value per spec; an error names the option.
    fn parse(raw: &RawOptions) -> Result<Self, String>;
}

/// A pass without options.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOptions;

impl PassOptions for NoOptions {
    const SPECS: &'static [PassOption] = &[];
    fn parse(_: &RawOptions) -> Result<Self, String> {
        Ok(NoOptions)
    }
}

/// Parses the value of option `index` of `specs`, naming it on error.
pub fn parse_option<T: OptionValue>(
    raw: &RawOptions,
    specs: &[PassOption],
    index: usize,
) -> Result<T, String> {
    let spec = &specs[index];
    let text = raw.values.get(index).map_or(spec.default, String::as_str);
    T::parse(text).map_err(|why| format!("option '{}': {why}", spec.name))
}

/// The op a pass transforms. The pass manager may schedule it on that op
/// (`builtin.module(ure.program(space-time-transform))`, one program per
/// thread) or on an op that holds such ops (a module), where it runs on
/// each of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Any op: the pass walks what it is given.
    Any,
    /// `ure.program`: the pass transforms one program.
    Program,
    /// `builtin.module`: the pass creates or erases ops at module level.
    Module,
}

impl Anchor {
    pub fn name(self) -> &'static str {
        match self {
            Anchor::Any => "",
            Anchor::Program => ods::ure::ProgramOperation::name(),
            Anchor::Module => ods::builtin::ModuleOperation::name(),
        }
    }
}

/// Runs `f` on `op` if it is an `anchor` op, otherwise on every anchor op
/// nested in it (not inside another one): every one is processed, so that
/// all errors are reported, and the run fails if any did.
pub fn for_each_anchor<'c, 'a>(
    op: OperationRef<'c, 'a>,
    anchor: Anchor,
    mut f: impl FnMut(OperationRef<'c, 'a>) -> Result<(), Failed>,
) -> Result<(), Failed> {
    let name = match anchor {
        Anchor::Any | Anchor::Module => return f(op),
        Anchor::Program => anchor.name(),
    };
    if ods::is(&op, name) {
        return f(op);
    }
    let mut targets = Vec::new();
    op.walk(WalkOrder::PreOrder, |nested| {
        if ods::is(&nested, name) {
            targets.push(crate::handle::Op::of(&nested));
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    let mut result = Ok(());
    for target in targets {
        // Collected from a walk; the earlier runs touched only their own
        // anchor op, which holds none of the others. Failures near an
        // anchor op are reported at it.
        let _at = crate::diag::working_on(target.op().location());
        if let Err(failed) = f(target.op()) {
            result = Err(failed);
        }
    }
    result
}

/// Runs a pass on one anchor op with its raw options. An `Err` means
/// diagnostics were emitted.
pub type RunFn = fn(OperationRef<'_, '_>, &RawOptions) -> Result<(), Failed>;

/// A pass written in Rust: what [`declare_pass!`] declares.
pub struct PassDef {
    /// The pipeline name, e.g. `merge-ures`.
    pub argument: &'static str,
    /// The class-style name used in timing and statistics, e.g. `MergeUres`.
    pub name: &'static str,
    pub description: &'static str,
    pub anchor: Anchor,
    pub options: &'static [PassOption],
    /// Dialects whose ops the pass creates.
    pub dependent_dialects: &'static [&'static str],
    pub run: RunFn,
    /// Parses the option values and checks them together: what the pipeline
    /// parser reports as a bad option, before anything runs.
    pub check_options: fn(&RawOptions) -> Result<(), String>,
    /// Parses the declared defaults (a test checks every pass's).
    pub parse_defaults: fn() -> Result<(), String>,
}

impl PassDef {
    /// The option named `name`, if the pass declares it.
    pub fn option(&self, name: &str) -> Option<&'static PassOption> {
        self.options.iter().find(|o| o.name == name)
    }

    /// The options as the docs list them: a Markdown table.
    pub fn options_markdown(&self) -> String {
        if self.options.is_empty() {
            return "The pass takes no options.\n".to_string();
        }
        let mut text = String::from("| option | type | default | meaning |\n|---|---|---|---|\n");
        for o in self.options {
            let default = if o.default.is_empty() {
                "(none)".to_string()
            } else {
                format!("`{}`", o.default)
            };
            text.push_str(&format!(
                "| `{}` | {} | {default} | {} |\n",
                o.name,
                o.kind.text(),
                one_line(o.description)
            ));
        }
        text
    }
}

/// Declares a pass: a `static` [`PassDef`] and, when it has options, the
/// struct of its typed options.
///
/// ```ignore
/// t2s_ir::declare_pass! {
///     /// Map a merged URE loop nest to a systolic array
///     pub static PASS = "space-time-transform" (SpaceTimeTransform)
///         on Anchor::Program, creates ["spacetime", "scf"],
///         run transform_program;
///     options Options {
///         /// Space loops, comma separated
///         space: Names = ("space", ""),
///         /// PEs compute only at their scheduled steps
///         check_time: bool = ("check-time", "false"),
///     }
/// }
/// fn transform_program(program: OperationRef, options: &Options) -> Result<(), Failed>
/// ```
///
/// The run function is called once per anchor op; a pass scheduled on an op
/// that holds anchor ops runs on each of them and fails if any failed. An
/// optional `check f;` after `run` validates the options together
/// (`fn(&Options) -> Result<(), String>`), reported at the op the pass is
/// scheduled on.
#[macro_export]
macro_rules! declare_pass {
    (
        $(#[doc = $doc:literal])+
        pub static $pass:ident = $argument:literal ($name:ident)
            on $anchor:expr, creates [$($dialect:literal),* $(,)?],
            run $run:path; $(check $check:path;)?
        options $options:ident {
            $(
                $(#[doc = $odoc:literal])+
                $field:ident : $ty:ty = ($oname:literal, $default:literal),
            )*
        }
    ) => {
        #[doc = concat!("The options of `", $argument, "`.")]
        #[derive(Clone, Debug)]
        pub struct $options {
            $(
                $(#[doc = $odoc])+
                pub $field: $ty,
            )*
        }

        impl $crate::pass::PassOptions for $options {
            const SPECS: &'static [$crate::pass::PassOption] = &[
                $(
                    $crate::pass::PassOption {
                        name: $oname,
                        description: $crate::declare_pass!(@text $($odoc)+),
                        kind: <$ty as $crate::pass::OptionValue>::KIND,
                        default: $default,
                    },
                )*
            ];

            #[allow(unused_assignments, unused_mut, unused_variables)]
            fn parse(raw: &$crate::pass::RawOptions) -> Result<Self, String> {
                let mut index = 0;
                Ok(Self {
                    $(
                        $field: {
                            let value = $crate::pass::parse_option::<$ty>(raw, Self::SPECS, index)?;
                            index += 1;
                            value
                        },
                    )*
                })
            }
        }

        $crate::declare_pass! {
            $(#[doc = $doc])+
            pub static $pass = $argument ($name) on $anchor,
                creates [$($dialect),*], run $run; $(check $check;)? typed $options
        }
    };
    (
        $(#[doc = $doc:literal])+
        pub static $pass:ident = $argument:literal ($name:ident)
            on $anchor:expr, creates [$($dialect:literal),* $(,)?],
            run $run:path;
    ) => {
        $crate::declare_pass! {
            $(#[doc = $doc])+
            pub static $pass = $argument ($name) on $anchor,
                creates [$($dialect),*], run $run; typed $crate::pass::NoOptions
        }
    };
    (
        $(#[doc = $doc:literal])+
        pub static $pass:ident = $argument:literal ($name:ident) on $anchor:expr,
            creates [$($dialect:literal),*], run $run:path; $(check $check:path;)?
            typed $options:ty
    ) => {
        $(#[doc = $doc])+
        pub static $pass: $crate::pass::PassDef = $crate::pass::PassDef {
            argument: $argument,
            name: stringify!($name),
            description: $crate::declare_pass!(@text $($doc)+),
            anchor: $anchor,
            options: <$options as $crate::pass::PassOptions>::SPECS,
            dependent_dialects: &[$($dialect),*],
            run: |op, raw| {
                let options = <$options as $crate::pass::PassOptions>::parse(raw)
                    $(.and_then(|o| $check(&o).map(|()| o)))?
                    .map_err(|why| {
                        $crate::diag::error(
                            melior::ir::operation::OperationLike::location(&op),
                            format!("{}: {why}", $argument),
                        )
                    })?;
                $crate::pass::for_each_anchor(op, $anchor, |target| $run(target, &options))
            },
            check_options: |raw| {
                let parsed = <$options as $crate::pass::PassOptions>::parse(raw);
                $(let parsed = parsed.and_then(|o| $check(&o).map(|()| o));)?
                parsed.map(|_| ())
            },
            parse_defaults: || {
                <$options as $crate::pass::PassOptions>::parse(&$crate::pass::RawOptions::default())
                    .map(|_| ())
            },
        };
    };
    (@text $first:literal $($rest:literal)*) => {
        concat!($first $(, "\n", $rest)*)
    };
}
