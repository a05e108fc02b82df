//! The attributes of a `spacetime.array` built by `space-time-transform`:
//! its bounds, and the `schedule` and `recover` maps printed with MLIR's own
//! `d<N>` dimension names (loop names may be anything, keywords included).

use melior::ir::{
    attribute::{ArrayAttribute, DenseI64ArrayAttribute, FlatSymbolRefAttribute, StringAttribute},
    Attribute, Location, Operation, Region, Value,
};
use melior::Context;
use t2s_dialects::ods::spacetime as ods;
use t2s_ir::diag::error;
use t2s_ir::ir;
use t2s_ir::pass::Failed;
use t2s_model::spacetime::{NestLoop, Schedule};
use t2s_model::Linear;

/// One list of bounds of a `spacetime.array`: loop names, minima, extents.
struct Bounds<'c> {
    loops: ArrayAttribute<'c>,
    mins: DenseI64ArrayAttribute<'c>,
    extents: ArrayAttribute<'c>,
}

/// The attributes of a `spacetime.array`, each of its ODS type; [`build`]
/// makes the op through the ODS-generated builder.
///
/// [`build`]: ArrayAttributes::build
pub struct ArrayAttributes<'c> {
    representative: FlatSymbolRefAttribute<'c>,
    all: Bounds<'c>,
    time: Bounds<'c>,
    space: Bounds<'c>,
    inside: Option<ArrayAttribute<'c>>,
    schedule: Attribute<'c>,
    recover: Attribute<'c>,
}

impl<'c> ArrayAttributes<'c> {
    /// `spacetime.array` with these attributes, the register files
    /// `registers` and the PE body `body`, detached.
    pub fn build(
        self,
        context: &'c Context,
        location: Location<'c>,
        registers: &[Value<'c, '_>],
        body: Region<'c>,
    ) -> Operation<'c> {
        let builder = ods::ArrayOperation::builder(context, location)
            .registers(registers)
            .representative(self.representative)
            .loops(self.all.loops)
            .mins(self.all.mins.into())
            .extents(self.all.extents)
            .time_loops(self.time.loops)
            .time_mins(self.time.mins.into())
            .time_extents(self.time.extents)
            .space_loops(self.space.loops)
            .space_mins(self.space.mins.into())
            .space_extents(self.space.extents)
            .schedule(self.schedule)
            .recover(self.recover)
            .body(body);
        match self.inside {
            Some(inside) => builder.inside(inside).build().into(),
            None => builder.build().into(),
        }
    }
}

/// `loops`, `time` and `space` bounds, `schedule` and `recover`.
pub fn array_attributes<'c>(
    context: &'c Context,
    location: Location<'c>,
    rep: &str,
    loops: &[NestLoop],
    s: &Schedule,
) -> Result<ArrayAttributes<'c>, Failed> {
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
    let names = |names: &[String]| {
        let names: Vec<Attribute> = names
            .iter()
            .map(|n| StringAttribute::new(context, n).into())
            .collect();
        ArrayAttribute::new(context, &names)
    };
    let bounds = |loops: Vec<String>, mins: Vec<i64>, extents: Vec<Linear>| {
        let extents: Vec<Attribute> = extents
            .iter()
            .map(|e| {
                ir::linear_attribute(context, e)
                    .ok_or_else(|| error(location, format!("cannot build the extent {e}")))
            })
            .collect::<Result<_, _>>()?;
        Ok::<_, Failed>(Bounds {
            loops: names(&loops),
            mins: DenseI64ArrayAttribute::new(context, &mins),
            extents: ArrayAttribute::new(context, &extents),
        })
    };
    Ok(ArrayAttributes {
        representative: FlatSymbolRefAttribute::new(context, rep),
        all: bounds(
            loops.iter().map(|l| l.name.clone()).collect(),
            loops.iter().map(|l| l.min).collect(),
            loops.iter().map(|l| l.extent.clone()).collect(),
        )?,
        // Time extents may be affine functions of parameters; the PEs are
        // the space extents at the parameters' maxima.
        time: bounds(
            time.iter().map(|c| c.name.clone()).collect(),
            time.iter().map(|c| c.min).collect(),
            time.iter().map(|c| c.extent.clone()).collect(),
        )?,
        space: bounds(
            space.iter().map(|c| c.name.clone()).collect(),
            space.iter().map(|c| c.min).collect(),
            space
                .iter()
                .map(|c| Linear::constant(c.max_extent.unwrap_or(1)))
                .collect(),
        )?,
        inside: (!s.inside.is_empty()).then(|| names(&s.inside)),
        schedule: map(loops.len(), &time_rows, &vec![0; time_rows.len()])?,
        recover: map(s.coordinates.len(), &s.recover, &s.recover_constant)?,
    })
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
