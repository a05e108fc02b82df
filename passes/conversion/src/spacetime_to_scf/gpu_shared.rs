//! Shared-memory tiles of the GPU form (`ure.gpu_map ... shared [@A]
//! scope (kk)`): T2S's feeders on a GPU. The tile of an input is the box
//! of its indices that one block reads during one iteration of the scope
//! loop; it is found from the IR alone (each `ure.load`'s map, the
//! `spacetime.recover` rows of its operands, the coordinates' bounds). At
//! each iteration of the scope loop the block's threads copy the tile
//! together (consecutive threads, consecutive elements), meet at a
//! barrier, and the PEs read the tile; a second barrier ends the
//! iteration, before the next copy overwrites it.

use super::gpu::{self, Grid, Processor};
use super::gpu_block::{for_each_element, linear_thread, unravel_in};
use super::tile::Tile;
use super::*;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::r#type::{IntegerType, MemRefType};
use t2s_ir::handle::AsVal;

use t2s_model::program::Affine;

/// A block's static shared memory (every CUDA GPU since Fermi).
pub(super) const MAX_SHARED_BYTES: i64 = 48 * 1024;

/// One input staged in shared memory.
pub(super) struct StagedInput<'c> {
    pub name: String,
    pub element: Type<'c>,
    /// Per index dimension: the tile's origin as a constant plus terms over
    /// the coordinates fixed during one scope iteration.
    pub origin: Vec<Affine>,
    pub extent: Vec<i64>,
    /// The input's shape as `ure.load` indexes it (static: the GPU route
    /// takes no parameters).
    pub shape: Vec<i64>,
    /// The input buffer's memory order (its layout).
    pub layout: t2s_model::Layout,
}

/// The staging a directive asks for.
pub(super) struct Staging<'c> {
    /// The scope loop (a time loop of the threads).
    pub scope: usize,
    /// Two slots per tile: the next iteration's tile is copied while the
    /// PEs read this one.
    pub double: bool,
    /// The shared memory the tiles take.
    pub bytes: i64,
    pub inputs: Vec<StagedInput<'c>>,
}

/// The staging of the program's `ure.gpu_map`, checked against the array.
pub(super) fn plan<'c>(
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    grid: &Grid<'c>,
    inputs: &HashMap<String, Val>,
    layouts: &HashMap<String, t2s_model::Layout>,
) -> Result<Option<Staging<'c>>, Failed> {
    let request = &grid.memory;
    let (Some(scope_name), Some(at)) = (request.scope.clone(), grid.at) else {
        return Ok(None);
    };
    let mapped = grid.on.iter().filter(|p| p.is_some()).count();
    let scope = info
        .time
        .iter()
        .position(|t| t.name == scope_name)
        .filter(|c| *c >= mapped)
        .ok_or_else(|| {
            error(
                at,
                format!("scope loop '{scope_name}' is not a time loop that each thread runs (inside the blocks' and threads' loops)"),
            )
        })?;
    let loads = ir::collect(array, ods::ure::LoadOperation::name());
    let mut staged = Vec::new();
    for name in request.shared.clone() {
        let buffer = inputs
            .get(&name)
            .ok_or_else(|| error(at, format!("no ure.input @{name}")))?;
        let reads: Vec<_> = loads
            .iter()
            .filter(|l| t2s_ir::ops::ure::input_of(l) == name)
            .collect();
        let layout = layouts.get(&name).cloned().unwrap_or_default();
        let mut input = tile_of(&name, *buffer, &reads, info, grid, scope, at)?;
        // The buffer is in its memory order; the tile is indexed as the
        // loads index the input.
        input.shape = (0..input.shape.len())
            .map(|d| input.shape[layout.position(d)])
            .collect();
        input.layout = layout;
        staged.push(input);
    }
    let double = request.double_buffered;
    let slots = if double { 2 } else { 1 };
    let bytes: i64 = staged
        .iter()
        .map(|s| slots * s.extent.iter().product::<i64>() * gpu::element_bytes(s.element))
        .sum();
    if bytes > MAX_SHARED_BYTES {
        let slots = if double {
            " (two slots each: double_buffered)"
        } else {
            ""
        };
        return Err(error(
            at,
            format!("the shared tiles{slots} take {bytes} bytes, more than a block's {MAX_SHARED_BYTES} bytes of shared memory: make the scope loop's extent or the block smaller"),
        ));
    }
    Ok(Some(Staging {
        scope,
        double,
        bytes,
        inputs: staged,
    }))
}

/// The box of `name`'s indices that `reads` span while the coordinates
/// fixed for a block and a scope iteration stay put.
fn tile_of<'c>(
    name: &str,
    buffer: Val,
    reads: &[&OperationRef<'c, '_>],
    info: &ArrayInfo,
    grid: &Grid<'_>,
    scope: usize,
    at: Location<'c>,
) -> Result<StagedInput<'c>, Failed> {
    if reads.is_empty() {
        return Err(error(
            at,
            format!("the array reads no @{name}: nothing to stage"),
        ));
    }
    let shape = t2s_ir::types::shape(buffer.r#type()).unwrap_or_default();
    let fixed = |c: usize| match grid.on.get(c) {
        Some(Some(Processor::Block(_))) => true,
        Some(Some(Processor::Thread(_))) => false,
        Some(None) => c <= scope,
        None => false,
    };
    let ranges = coordinate_ranges(info);
    let mut tile = TileBox::new(shape.len());
    for read in reads {
        for (d, index) in coordinate_indices(read, info)?.into_iter().enumerate() {
            tile.add(d, &index, &fixed, &ranges).map_err(|()| {
                t2s_ir::diag::error_with_notes(
                    read.location(),
                    format!("this read of @{name} moves with the blocks or the scope loop unlike another: its reads share no tile"),
                    &[(at, "the shared inputs".to_string())],
                )
            })?;
        }
    }
    let (origin, extent) = tile.finish();
    Ok(StagedInput {
        name: name.to_string(),
        element: t2s_ir::types::element(buffer.r#type()),
        origin,
        extent,
        shape,
        layout: t2s_model::Layout::row_major(),
    })
}

/// The union of the boxes of an input's reads, per index dimension: the
/// terms over the fixed coordinates (the same for every read) and the
/// range the varying ones span.
struct TileBox {
    fixed: Vec<Option<Vec<(usize, i64)>>>,
    low: Vec<i64>,
    high: Vec<i64>,
}

impl TileBox {
    fn new(dims: usize) -> Self {
        TileBox {
            fixed: vec![None; dims],
            low: vec![i64::MAX; dims],
            high: vec![i64::MIN; dims],
        }
    }

    /// Adds index `d` of a read; `Err` when its fixed terms differ from
    /// another read's.
    fn add(
        &mut self,
        d: usize,
        index: &Affine,
        fixed: &impl Fn(usize) -> bool,
        ranges: &[(i64, i64)],
    ) -> Result<(), ()> {
        let terms: Vec<(usize, i64)> = index
            .terms
            .iter()
            .copied()
            .filter(|(c, _)| fixed(*c))
            .collect();
        match &self.fixed[d] {
            Some(other) if *other != terms => return Err(()),
            _ => self.fixed[d] = Some(terms),
        }
        let (mut lo, mut hi) = (index.constant, index.constant);
        for (c, w) in index.terms.iter().filter(|(c, _)| !fixed(*c)) {
            let (a, b) = (w * ranges[*c].0, w * ranges[*c].1);
            lo += a.min(b);
            hi += a.max(b);
        }
        self.low[d] = self.low[d].min(lo);
        self.high[d] = self.high[d].max(hi);
        Ok(())
    }

    /// Each dimension's origin (the fixed terms plus the lowest index) and
    /// extent.
    fn finish(self) -> (Vec<Affine>, Vec<i64>) {
        let extent = self
            .low
            .iter()
            .zip(&self.high)
            .map(|(lo, hi)| hi - lo + 1)
            .collect();
        let origin = self
            .fixed
            .into_iter()
            .zip(self.low)
            .map(|(terms, constant)| Affine {
                terms: terms.unwrap_or_default(),
                constant,
            })
            .collect();
        (origin, extent)
    }
}

/// The range of each coordinate (time, then space) over the array.
pub(super) fn coordinate_ranges(info: &ArrayInfo) -> Vec<(i64, i64)> {
    info.time
        .iter()
        .chain(&info.space)
        .enumerate()
        .map(|(c, b)| {
            let extent = if c < info.time.len() {
                b.extent.as_const().unwrap_or(1)
            } else {
                b.pe_extent()
            };
            (b.min, b.min + extent - 1)
        })
        .collect()
}

/// Each index of a `ure.load` as an affine form of the array's
/// coordinates (time, then space): its map over its operands, each a loop
/// the `spacetime.recover` recovers.
fn coordinate_indices(
    read: &OperationRef<'_, '_>,
    info: &ArrayInfo,
) -> Result<Vec<Affine>, Failed> {
    let rows = t2s_ir::quasi::linear_load_rows(read, "a shared tile (ure.gpu_map ... shared)")?;
    let mut loops = Vec::new();
    for i in 0..read.operand_count() {
        // A vectorized loop's lanes are its values: the operand is its
        // loop either way.
        let v = read.operand(i).or_internal("an operand of the op")?.val();
        loops.push(t2s_ir::array::recovered_loop(v).ok_or_else(|| {
            error(
                read.location(),
                "this read of a shared input is at an index computed in the PE: its tile cannot be known",
            )
        })?);
    }
    Ok(rows
        .iter()
        .map(|row| {
            let mut terms: Vec<(usize, i64)> = Vec::new();
            let mut constant = row.constant;
            for (position, coefficient) in &row.terms {
                let recovered = &info.recover[loops[*position]];
                constant += coefficient * recovered.constant;
                for (c, w) in &recovered.terms {
                    match terms.iter_mut().find(|(t, _)| t == c) {
                        Some(term) => term.1 += coefficient * w,
                        None => terms.push((*c, coefficient * w)),
                    }
                }
            }
            terms.retain(|(_, w)| *w != 0);
            terms.sort();
            Affine { terms, constant }
        })
        .collect())
}

/// The workgroup buffers of the tiles (two slots each when
/// double-buffered), as attributions of the launch.
pub(super) fn attribute_tiles(
    e: &Emitter<'_>,
    launch_body: Blk,
    staging: &Staging<'_>,
) -> Vec<Val> {
    staging
        .inputs
        .iter()
        .map(|s| {
            let shape: Vec<i64> = staging
                .double
                .then_some(2)
                .into_iter()
                .chain(s.extent.iter().copied())
                .collect();
            workgroup_buffer(e, launch_body, s.element, &shape)
        })
        .collect()
}

/// A buffer in the block's shared memory: an attribution of the launch
/// (its body's next argument; [`count_attributions`] then records how
/// many there are).
pub(super) fn workgroup_buffer(
    e: &Emitter<'_>,
    launch_body: Blk,
    element: Type<'_>,
    shape: &[i64],
) -> Val {
    let space = Attribute::parse(e.context, "#gpu.address_space<workgroup>");
    let ty = MemRefType::new(element, shape, None, space);
    launch_body.add_argument(ty.into(), e.location)
}

/// Records the launch's `count` workgroup attributions.
pub(super) fn count_attributions(e: &Emitter<'_>, launch_body: Blk, count: usize) {
    if let Some(launch) = launch_body.parent_op() {
        let count = IntegerAttribute::new(IntegerType::new(e.context, 64).into(), count as i64);
        // A discardable attribute of gpu.launch in MLIR 22, which its verifier reads.
        launch.set_discardable("workgroup_attributions", count.into());
    }
}

/// What the copies of the tiles need: the inputs they read, the linear
/// thread index and the block's thread count.
pub(super) struct Filler<'a, 'c> {
    staging: &'a Staging<'c>,
    buffers: &'a [Val],
    sources: Vec<Val>,
    tid: Val,
    threads: i64,
}

impl<'a, 'c> Filler<'a, 'c> {
    pub fn new(
        e: &Emitter<'_>,
        staging: &'a Staging<'c>,
        buffers: &'a [Val],
        inputs: &HashMap<String, Val>,
        grid: &Grid<'_>,
        thread_ids: &[Val],
    ) -> Result<Self, Failed> {
        let sources = staging
            .inputs
            .iter()
            .map(|s| inputs.get(&s.name).copied().or_internal("a staged input"))
            .collect::<Result<_, _>>()?;
        let tid = linear_thread(e, grid, thread_ids);
        Ok(Filler {
            staging,
            buffers,
            sources,
            tid,
            threads: grid.threads.iter().product(),
        })
    }

    /// Each tile's origin in its input when the fixed coordinates are
    /// `coords`.
    pub fn origins(&self, e: &Emitter<'_>, coords: &[Val]) -> Vec<Vec<Val>> {
        self.staging
            .inputs
            .iter()
            .map(|staged| {
                staged
                    .origin
                    .iter()
                    .map(|o| {
                        o.terms.iter().fold(e.index(o.constant), |acc, (c, w)| {
                            e.add(acc, e.mul(coords[*c], e.index(*w)))
                        })
                    })
                    .collect()
            })
            .collect()
    }

    /// The block's threads copy every tile at `origins` into `slot` (the
    /// second buffer's index, when double-buffered); asynchronously, as
    /// one group of `cp.async`, where the elements allow it: then the
    /// group's token.
    pub fn copy(&self, e: &Emitter<'_>, origins: &[Vec<Val>], slot: Option<Val>) -> Option<Val> {
        for (((staged, buffer), source), origin) in self
            .staging
            .inputs
            .iter()
            .zip(self.buffers)
            .zip(&self.sources)
            .zip(origins)
        {
            let copy = Copy {
                staged,
                source: *source,
                tile: *buffer,
                origin,
                slot,
                asynchronous: slot.is_some() && copies_asynchronously(staged.element),
            };
            copy.emit(e, self.tid, self.threads);
        }
        if !self.asynchronous() {
            return None;
        }
        let group = ods::nvgpu::DeviceAsyncCreateGroupOperation::builder(e.context, e.location)
            .async_token(async_token(e))
            .input_tokens(&[])
            .build();
        Some(Val::of(&e.insert(group.into()).result(0).ok()?))
    }

    /// Whether any tile is copied by `cp.async` (only double-buffered
    /// tiles are: a single one is read right after its copy).
    fn asynchronous(&self) -> bool {
        self.staging.double
            && self
                .staging
                .inputs
                .iter()
                .any(|s| copies_asynchronously(s.element))
    }

    /// Waits until this thread's asynchronous copies are done: every
    /// group, `numGroups = 0` (`group` is the first one, which dominates
    /// every wait; `cp.async.wait_group` takes no token).
    pub fn wait(&self, e: &Emitter<'_>, group: Option<Val>) {
        let Some(group) = group else {
            return;
        };
        let op = ods::nvgpu::DeviceAsyncWaitOperation::builder(e.context, e.location)
            .async_dependencies(group.value())
            .num_groups(IntegerAttribute::new(
                IntegerType::new(e.context, 32).into(),
                0,
            ))
            .build();
        e.insert(op.into());
    }

    /// The tiles the PEs read, by input name.
    pub fn tiles(&self, origins: Vec<Vec<Val>>, slot: Option<Val>) -> HashMap<String, Tile> {
        self.staging
            .inputs
            .iter()
            .zip(self.buffers)
            .zip(origins)
            .map(|((staged, buffer), origin)| {
                (
                    staged.name.clone(),
                    Tile {
                        buffer: *buffer,
                        origin,
                        slot,
                    },
                )
            })
            .collect()
    }
}

/// `cp.async` moves 4, 8 or 16 bytes.
fn copies_asynchronously(element: Type<'_>) -> bool {
    matches!(gpu::element_bytes(element), 4 | 8 | 16)
        && t2s_ir::import::scalar_type(element)
            .is_some_and(|t| !matches!(t, t2s_model::ScalarType::Int(w) if w % 8 != 0))
}

fn async_token<'c>(e: &Emitter<'c>) -> Type<'c> {
    Type::parse(e.context, "!nvgpu.device.async.token").expect("the nvgpu token type")
}

/// One tile's copy.
struct Copy<'a, 'c> {
    staged: &'a StagedInput<'c>,
    source: Val,
    tile: Val,
    origin: &'a [Val],
    slot: Option<Val>,
    asynchronous: bool,
}

impl Copy<'_, '_> {
    /// Each element of the tile (the last dimension fastest) from the input
    /// clamped into bounds.
    fn emit(&self, e: &Emitter<'_>, tid: Val, threads: i64) {
        let staged = self.staged;
        let volume: i64 = staged.extent.iter().product();
        let layout = &staged.layout;
        for_each_element(e, volume, threads, tid, |inner, element| {
            let local = unravel_in(inner, element, &staged.extent, layout);
            let global: Vec<Val> = local
                .iter()
                .zip(self.origin)
                .zip(&staged.shape)
                .map(|((l, o), dim)| {
                    inner.clamp(inner.add(*o, *l), inner.index(0), inner.index(dim - 1))
                })
                .collect();
            let global = layout.physical(&global);
            let slot_and_local: Vec<Val> = self.slot.into_iter().chain(local).collect();
            if self.asynchronous {
                self.copy_async(inner, &global, &slot_and_local);
            } else {
                let value = inner.load(self.source, &global, staged.element);
                inner.store(value, self.tile, &slot_and_local);
            }
        });
    }

    /// `nvgpu.device_async_copy` of one element (`cp.async` of its 4, 8 or
    /// 16 bytes).
    fn copy_async(&self, e: &Emitter<'_>, global: &[Val], local: &[Val]) {
        let values = |vs: &[Val]| vs.iter().map(|v| v.value()).collect::<Vec<_>>();
        let op = ods::nvgpu::DeviceAsyncCopyOperation::builder(e.context, e.location)
            .async_token(async_token(e))
            .dst(self.tile.value())
            .dst_indices(&values(local))
            .src(self.source.value())
            .src_indices(&values(global))
            .dst_elements(IntegerAttribute::new(Type::index(e.context), 1))
            .build();
        // dst, dstIndices, src, srcIndices, srcElements.
        let sizes = [1, local.len() as i32, 1, global.len() as i32, 0];
        e.insert_segmented(op.into(), &sizes);
    }
}
