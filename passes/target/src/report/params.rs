//! Parameter values for the report of a symbolic design (`params=N=64,K=8`):
//! the array's extents with them substituted, so that trip counts, traffic
//! and throughput can be reported without editing the file.

use melior::ir::operation::{OperationLike, OperationRef};
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::error;
use t2s_ir::ir;
use t2s_ir::pass::Failed;
use t2s_model::Linear;

/// `NAME=VALUE` pairs, comma separated (spaces allowed); an error in words.
pub fn parse(text: &str) -> Result<Vec<(String, i64)>, String> {
    let mut values: Vec<(String, i64)> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (name, value) = item
            .split_once('=')
            .ok_or_else(|| format!("'{item}' is not NAME=VALUE"))?;
        let name = name.trim().trim_start_matches('@').to_string();
        let value: i64 = value
            .trim()
            .parse()
            .map_err(|_| format!("'{item}': the value of {name} is not an integer"))?;
        if values.iter().any(|(n, _)| *n == name) {
            return Err(format!("{name} is given twice"));
        }
        values.push((name, value));
    }
    Ok(values)
}

/// Fails at the program when a value names no `ure.param` of it or
/// exceeds the parameter's declared max.
pub fn check(program: &OperationRef<'_, '_>, values: &[(String, i64)]) -> Result<(), Failed> {
    let decls = ir::param_decls(program);
    for (name, value) in values {
        let Some(decl) = decls.iter().find(|d| d.name == *name) else {
            return Err(error(
                program.location(),
                format!(
                    "t2s-report: params gives {name}, which is not a ure.param of @{}",
                    ir::symbol_name(program)
                ),
            ));
        };
        if *value <= 0 || decl.max.is_some_and(|m| *value > m) {
            return Err(error(
                program.location(),
                format!(
                    "t2s-report: params gives {name} = {value}: a parameter is positive and at most its declared max{}",
                    decl.max.map_or(String::new(), |m| format!(" ({m})"))
                ),
            ));
        }
    }
    Ok(())
}

/// The array's bounds with `values` substituted.
pub fn bound_info(
    array: &OperationRef<'_, '_>,
    values: &[(String, i64)],
) -> Result<ArrayInfo, Failed> {
    let mut info = ArrayInfo::read(array)?;
    for bound in info
        .loops
        .iter_mut()
        .chain(info.time.iter_mut())
        .chain(info.space.iter_mut())
    {
        bound.extent = substitute(&bound.extent, values);
    }
    Ok(info)
}

fn substitute(extent: &Linear, values: &[(String, i64)]) -> Linear {
    let mut out = Linear::constant(extent.constant);
    for (name, coef) in &extent.terms {
        match values.iter().find(|(n, _)| n == name) {
            Some((_, v)) => out.constant = out.constant.saturating_add(coef.saturating_mul(*v)),
            None => out.terms.push((name.clone(), *coef)),
        }
    }
    out
}
