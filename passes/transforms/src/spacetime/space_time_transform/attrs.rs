//! The attributes of a `spacetime.array` built by `space-time-transform`:
//! its bounds, and the `schedule` and `recover` maps printed with MLIR's own
//! `d<N>` dimension names (loop names may be anything, keywords included).

use melior::ir::{
    attribute::{ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, StringAttribute},
    Attribute, Identifier, Location,
};
use melior::Context;
use t2s_ir::diag::error;
use t2s_ir::ir;
use t2s_ir::pass::Failed;
use t2s_model::spacetime::{NestLoop, Schedule};
use t2s_model::Linear;

/// `loops`, `time` and `space` bounds, `schedule` and `recover`.
pub fn array_attributes<'c>(
    context: &'c Context,
    location: Location<'c>,
    rep: &str,
    loops: &[NestLoop],
    s: &Schedule,
) -> Result<Vec<(Identifier<'c>, Attribute<'c>)>, Failed> {
    let time: Vec<_> = s.time_coordinates().collect();
    let space: Vec<_> = s.space_coordinates().collect();
    let map = |count: usize, rows: &[Vec<i64>], constants: &[i64]| {
        let text = affine_map_text(count, rows, constants);
        Attribute::parse(context, &text)
            .ok_or_else(|| error(location, format!("cannot build the map {text}")))
    };
    let time_rows: Vec<Vec<i64>> = s
        .coordinates
        .iter()
        .zip(&s.forward)
        .filter(|(c, _)| !c.is_space)
        .map(|(_, row)| row.clone())
        .collect();
    let schedule = map(loops.len(), &time_rows, &vec![0; time_rows.len()])?;
    let recover = map(s.coordinates.len(), &s.recover, &s.recover_constant)?;
    let mut attributes = vec![(
        Identifier::new(context, "representative"),
        FlatSymbolRefAttribute::new(context, rep).into(),
    )];
    let bounds = |prefix: &str, names: Vec<String>, mins: Vec<i64>, extents: Vec<Linear>| {
        let names: Vec<Attribute> = names
            .iter()
            .map(|n| StringAttribute::new(context, n).into())
            .collect();
        let extents: Vec<Attribute> = extents
            .iter()
            .map(|e| {
                ir::linear_attribute(context, e)
                    .ok_or_else(|| error(location, format!("cannot build the extent {e}")))
            })
            .collect::<Result<_, _>>()?;
        let key = |s: &str| Identifier::new(context, &format!("{prefix}{s}"));
        Ok::<_, Failed>(vec![
            (key("loops"), ArrayAttribute::new(context, &names).into()),
            (
                key("mins"),
                DenseI64ArrayAttribute::new(context, &mins).into(),
            ),
            (
                key("extents"),
                ArrayAttribute::new(context, &extents).into(),
            ),
        ])
    };
    attributes.extend(bounds(
        "",
        loops.iter().map(|l| l.name.clone()).collect(),
        loops.iter().map(|l| l.min).collect(),
        loops.iter().map(|l| l.extent.clone()).collect(),
    )?);
    // Time extents may be affine functions of parameters; the PEs are the
    // space extents at the parameters' maxima.
    attributes.extend(bounds(
        "time_",
        time.iter().map(|c| c.name.clone()).collect(),
        time.iter().map(|c| c.min).collect(),
        time.iter().map(|c| c.extent.clone()).collect(),
    )?);
    attributes.extend(bounds(
        "space_",
        space.iter().map(|c| c.name.clone()).collect(),
        space.iter().map(|c| c.min).collect(),
        space
            .iter()
            .map(|c| Linear::constant(c.max_extent.unwrap_or(1)))
            .collect(),
    )?);
    if !s.inside.is_empty() {
        let names: Vec<Attribute> = s
            .inside
            .iter()
            .map(|n| StringAttribute::new(context, n).into())
            .collect();
        attributes.push((
            Identifier::new(context, "inside"),
            ArrayAttribute::new(context, &names).into(),
        ));
    }
    attributes.push((Identifier::new(context, "schedule"), schedule));
    attributes.push((Identifier::new(context, "recover"), recover));
    Ok(attributes)
}

/// An affine map over `count` dimensions, printed with MLIR's own `d<N>`
/// names: loop names may be anything, including keywords.
fn affine_map_text(count: usize, rows: &[Vec<i64>], constants: &[i64]) -> String {
    let dims: Vec<String> = (0..count).map(|d| format!("d{d}")).collect();
    let exprs: Vec<String> = rows
        .iter()
        .zip(constants)
        .map(|(row, constant)| {
            let mut terms: Vec<String> = row
                .iter()
                .zip(&dims)
                .filter(|(c, _)| **c != 0)
                .map(|(c, d)| {
                    if *c == 1 {
                        d.clone()
                    } else {
                        format!("{d} * {c}")
                    }
                })
                .collect();
            if *constant != 0 || terms.is_empty() {
                terms.push(constant.to_string());
            }
            terms.join(" + ")
        })
        .collect();
    format!(
        "affine_map<({}) -> ({})>",
        dims.join(", "),
        exprs.join(", ")
    )
}
