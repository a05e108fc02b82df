//! The loader kernel of a buffered input: for every tile (in the feeder's
//! order), the tile's box of the input, row by row, in vectors of `lanes`
//! consecutive elements of the last dimension, each written to the
//! feeder's channel. Its array's loops are the tile loops, one per
//! dimension of the box (the last one counting vectors) and the lanes,
//! vectorized: one contiguous vector load per step.

use crate::channel::buffer::tile::Tile;
use crate::spacetime::space_time_transform::attrs::array_attributes;
use melior::ir::block::BlockLike;
use melior::ir::operation::OperationRef;
use melior::ir::{Attribute, Block, Location, Region, RegionLike, Type};
use melior::Context;
use t2s_ir::array::ArrayInfo;
use t2s_ir::diag::error;
use t2s_ir::diag::OrInternal;
use t2s_ir::emit::{kernel_op, Emitter};
use t2s_ir::handle::{AsBlk, Val};
use t2s_ir::ir;
use t2s_ir::pass::Failed;
use t2s_model::spacetime::{schedule, NestLoop, ParamDecl, TransformSpec};
use t2s_model::Linear;

/// What the loader reads and where it sends it.
pub struct Loader<'a> {
    pub name: &'a str,
    pub input: &'a str,
    pub channel: &'a str,
    /// The feeder array's representative (the Func the arrays compute).
    pub representative: &'a str,
    pub params: &'a [ParamDecl],
}

/// Appends `channel.kernel @<name>` to `program`.
pub fn build<'c>(
    context: &'c Context,
    program: OperationRef<'c, '_>,
    location: Location<'c>,
    loader: &Loader<'_>,
    tile: &Tile,
    info: &ArrayInfo,
    element: Type<'c>,
) -> Result<(), Failed> {
    let loops = loader_loops(tile, info, loader.input);
    let lane = loops.last().or_internal("a last element")?.name.clone();
    let transform = TransformSpec {
        space: vec![lane],
        vector: None,
        check_time: false,
    };
    let sched = schedule(&loops, &[], &[transform], &[], loader.params)
        .map_err(|e| error(location, format!("the loader's loops: {e}")))?;
    let attributes = array_attributes(context, location, loader.representative, &loops, &sched)?;
    let index = Type::index(context);
    let lanes_type: Type = t2s_ir::lanes::vector_type(context, &[tile.lanes], index);
    let lane_type = if tile.lanes > 1 { lanes_type } else { index };
    let mut arguments: Vec<(Type, Location)> =
        (0..loops.len() - 1).map(|_| (index, location)).collect();
    arguments.push((lane_type, location));
    let array_region = Region::new();
    array_region.append_block(Block::new(&arguments));
    let array = attributes.build(context, location, &[], array_region);
    let kernel_region = Region::new();
    let kernel_block = Block::new(&[]);
    kernel_block.append_operation(array);
    kernel_region.append_block(kernel_block);
    let kernel = kernel_op(context, location, loader.name, kernel_region);
    let body = ir::body_block(&program).or_internal("a body block")?;
    let kernel = body.append_operation(kernel);
    let array = ir::body_ops(&kernel, 0)
        .first()
        .copied()
        .or_internal("a first op")?;
    let array_body = ir::body_block(&array).or_internal("a body block")?;
    emit_body(
        context,
        location,
        array_body.blk(),
        &loops,
        tile,
        loader,
        element,
        lane_type,
    )
}

/// The tile loops, one loop per dimension of the box (vectors along the
/// last), and the lanes.
fn loader_loops(tile: &Tile, info: &ArrayInfo, input: &str) -> Vec<NestLoop> {
    let mut loops: Vec<NestLoop> = tile
        .tile_loops
        .iter()
        .map(|&l| NestLoop {
            name: info.loops[l].name.clone(),
            min: info.loops[l].min,
            extent: info.loops[l].extent.clone(),
        })
        .collect();
    let taken = |name: &str, loops: &[NestLoop]| loops.iter().any(|l| l.name == name);
    let last = tile.dims.len() - 1;
    for (d, dim) in tile.dims.iter().enumerate() {
        let mut name = format!("{input}_{d}");
        while taken(&name, &loops) {
            name.push('_');
        }
        let extent = if d == last {
            dim.extent / tile.lanes
        } else {
            dim.extent
        };
        loops.push(NestLoop {
            name,
            min: 0,
            extent: Linear::constant(extent),
        });
    }
    let mut lane = format!("{input}_lane");
    while taken(&lane, &loops) {
        lane.push('_');
    }
    loops.push(NestLoop {
        name: lane,
        min: 0,
        extent: Linear::constant(tile.lanes),
    });
    loops
}

/// The PE body: under the schedule's guard, the vector of the tile at the
/// loop indices, loaded and sent.
#[allow(clippy::too_many_arguments)]
fn emit_body<'c>(
    context: &'c Context,
    location: Location<'c>,
    body: t2s_ir::handle::Blk,
    loops: &[NestLoop],
    tile: &Tile,
    loader: &Loader<'_>,
    element: Type<'c>,
    lane_type: Type<'c>,
) -> Result<(), Failed> {
    let e = Emitter::new(context, location, body);
    let index = Type::index(context);
    let mut types = vec![index; loops.len() - 1];
    types.push(lane_type);
    let recovered = e.recover(&types);
    // Every step of the loader loads (its loops are the box exactly). A
    // scalar load is proven inside its loops under the schedule's guard; a
    // vector load's lanes by the array's coordinates.
    let then = (tile.lanes == 1).then(|| e.if_then(e.scheduled()));
    let at = then.map_or(e, |b| e.at(b));
    // Operands: the loops' indices, then the parameters the base uses.
    let mut params: Vec<String> = Vec::new();
    for dim in &tile.dims {
        for p in dim.params.params() {
            if !params.iter().any(|q| q == p) {
                params.push(p.to_string());
            }
        }
    }
    let mut operands: Vec<Val> = recovered.clone();
    for p in &params {
        operands.push(at.param_value(p));
    }
    // Only the operands the indices use (a tile loop with coefficient 0,
    // e.g. `j` of A's tiles in the GEMM, is none): the load prints back.
    let rows = index_rows(tile, loops.len(), &params);
    let used: Vec<usize> = (0..operands.len())
        .filter(|d| {
            rows.iter()
                .any(|(terms, _)| terms.iter().any(|(t, _)| t == d))
        })
        .collect();
    let operands: Vec<Val> = used.iter().map(|d| operands[*d]).collect();
    let map = index_map(&rows, &used);
    let map = Attribute::parse(context, &map)
        .ok_or_else(|| error(location, format!("cannot build the loader's map {map}")))?;
    let value_type: Type = if tile.lanes > 1 {
        t2s_ir::lanes::vector_type(context, &[tile.lanes], element)
    } else {
        element
    };
    let value = at.ure_load(loader.input, map, &operands, value_type);
    at.channel_write(loader.channel, &[], value);
    if let Some(then) = then {
        e.finish_scf_block(then);
    }
    Ok(())
}

/// The input's index per dimension over the loader's loops and then the
/// parameters: the tile's base plus the box index (the last dimension's
/// vector index times the lanes, plus the lane), as (operand, coefficient)
/// terms with nonzero coefficients and a constant.
fn index_rows(tile: &Tile, loops: usize, params: &[String]) -> Vec<(Vec<(usize, i64)>, i64)> {
    let nt = tile.tile_loops.len();
    let last = tile.dims.len() - 1;
    tile.dims
        .iter()
        .enumerate()
        .map(|(d, dim)| {
            let mut terms: Vec<(usize, i64)> = Vec::new();
            for (t, c) in dim.outer.iter().enumerate().filter(|(_, c)| **c != 0) {
                terms.push((t, *c));
            }
            for (p, c) in &dim.params.terms {
                let position = params.iter().position(|q| q == p).unwrap_or(0);
                terms.push((loops + position, *c));
            }
            if d == last {
                terms.push((nt + d, tile.lanes));
                terms.push((loops - 1, 1));
            } else {
                terms.push((nt + d, 1));
            }
            terms.retain(|(_, c)| *c != 0);
            (terms, dim.lo)
        })
        .collect()
}

/// The map of `rows` over the operands `used` (in order): operand
/// `used[k]` is dimension `k`.
fn index_map(rows: &[(Vec<(usize, i64)>, i64)], used: &[usize]) -> String {
    let dims: Vec<String> = (0..used.len()).map(|d| format!("d{d}")).collect();
    let rows: Vec<String> = rows
        .iter()
        .map(|(terms, constant)| {
            let mut parts: Vec<String> = terms
                .iter()
                .map(|(t, c)| {
                    let d = used.iter().position(|u| u == t).unwrap_or(0);
                    format!("d{d} * {c}")
                })
                .collect();
            parts.push(constant.to_string());
            parts.join(" + ")
        })
        .collect();
    format!("affine_map<({}) -> ({})>", dims.join(", "), rows.join(", "))
}
