//! The phases of lowering one array (`lower_array`): its storage (register
//! files, feeder buffers, packed tiles: each thread of `ure.parallel` its
//! own), its time loops with the flattened step, and its PEs (unrolled
//! into copies of the body, or as loops around one).

use super::*;
use crate::spacetime_to_scf::buffers::BufferStorage;
use crate::spacetime_to_scf::regions::Regions;
use crate::spacetime_to_scf::registers::PeBox;
use melior::ir::BlockRef;

/// The names of the PE (non-vectorized space) loops.
pub(super) fn pe_names(info: &ArrayInfo) -> Vec<String> {
    info.space
        .iter()
        .filter(|s| !s.vectorized)
        .map(|s| s.name.clone())
        .collect()
}

/// One buffer per register file the array takes, zeroed, by the key of the
/// body's argument that the PE code reads and writes.
pub(super) fn allocate_files<'c>(
    e: &Emitter<'c>,
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    unroll: bool,
    options: &LowerOptions,
    grid: Option<&super::gpu::Grid<'_>>,
) -> Result<HashMap<usize, FileStorage>, Failed> {
    let mut thread = ThreadBytes::default();
    let mut files: HashMap<usize, FileStorage> = HashMap::new();
    let pe_names = pe_names(info);
    for (index, file) in ArrayOp::cast(array)
        .or_internal("a value the IR guarantees")?
        .files()
        .into_iter()
        .enumerate()
    {
        let op = file.decl.op();
        let ty = file.decl.file_type();
        let FileShape {
            element: file_element,
            shape,
            slots,
            bytes,
        } = file_shape(&op, ty)?;
        let on_write = file.decl.on_write();
        let (shifted, heap) = placement(on_write, slots, bytes, unroll, options);
        thread.add(file_element, &shape, slots, shifted);
        let (buffer, flat) = file_buffer(
            e,
            array,
            &file.decl.label(),
            ty,
            heap,
            unroll && !heap && !options.gpu,
        );
        let dims: Vec<i64> = shape[..shape.len() - 1]
            .iter()
            .map(|d| d.unwrap_or(1))
            .collect();
        let fill = if heap || !unroll {
            Fill::Loops { unroll: shifted }
        } else {
            Fill::Constants
        };
        let storage = FileStorage {
            buffer,
            flat,
            slots,
            shifted,
            heap,
            on_write,
            newest_last: shifted && !on_write && !unroll,
            index,
            pe_box: PeBox::new(file.decl.origin(), &dims[..dims.len() - 1], info.pe_shape()),
        };
        crate::spacetime_to_scf::registers::zero_file(
            e,
            &storage,
            &dims,
            file_element,
            fill,
            &pe_names,
        );
        files.insert(file.arg.key(), storage);
    }
    if let Some(grid) = grid {
        super::gpu::check_thread_storage(
            grid,
            array.location(),
            thread.total,
            thread.carried,
            unroll,
        )?;
    }
    Ok(files)
}

/// Whether a file shifts its slots (rather than rotating) and lives on the
/// heap. An on_write file shifts on each write; a short file of unrolled
/// PEs (or of PE loops asked for shift registers) every step. Either is
/// indexed with constants in each PE. The stack only for small shifted
/// files: LLVM keeps those in registers. A GPU thread has no heap: its
/// files are private (checked by the caller).
fn placement(
    on_write: bool,
    slots: i64,
    bytes: u64,
    unroll: bool,
    options: &LowerOptions,
) -> (bool, bool) {
    let shifted = on_write || ((unroll || options.shift_registers) && slots <= options.max_shifted);
    let heap = !options.gpu && (!shifted || bytes > MAX_STACK_BYTES);
    (shifted, heap)
}

/// What a GPU thread's register files take, at the elements' own sizes.
#[derive(Default)]
struct ThreadBytes {
    total: u64,
    /// What it keeps in registers from one step to the next: every slot of
    /// a shifted file but the one written this step (read in the same
    /// step, if at all).
    carried: u64,
}

impl ThreadBytes {
    fn add(&mut self, element: Type<'_>, shape: &[Option<i64>], slots: i64, shifted: bool) {
        let bytes = super::gpu::thread_bytes(element, shape);
        self.total = self.total.saturating_add(bytes);
        if shifted {
            let per_slot = bytes / slots.max(1) as u64;
            self.carried = self
                .carried
                .saturating_add(per_slot * (slots.max(1) - 1) as u64);
        }
    }
}

/// The buffer of a register file of type `ty`, on the heap or the stack.
/// With `flat` (an unrolled PE's file on the stack, indexed with constants)
/// it is one-dimensional, its shape returned: each access is then one
/// constant offset, where a multi-dimensional memref costs LLVM a
/// multiply-add per dimension and access.
fn file_buffer<'c>(
    e: &Emitter<'c>,
    array: OperationRef<'c, '_>,
    label: &str,
    ty: Type<'c>,
    heap: bool,
    flat: bool,
) -> (Val, Option<Vec<i64>>) {
    let shape = flat.then(|| t2s_ir::types::shape(ty).unwrap_or_default());
    let allocated = match &shape {
        Some(dims) => melior::ir::r#type::MemRefType::new(
            t2s_ir::array::memref_element(ty),
            &[dims.iter().product()],
            None,
            None,
        )
        .into(),
        None => ty,
    };
    // Named after its Func, for the OpenCL translation's private array.
    let buffer = e
        .located(named(
            e.context,
            &format!("{label}_shreg"),
            array.location(),
        ))
        .allocate(heap, allocated, &[]);
    (buffer, shape)
}

/// A register file's element (scalar or vector), its shape with the lanes
/// as a last dimension, its slots and its bytes.
struct FileShape<'c> {
    element: Type<'c>,
    shape: Vec<Option<i64>>,
    slots: i64,
    bytes: u64,
}

/// The shape of the file `op` declares (of type `ty`), within the largest
/// allocation.
fn file_shape<'c>(op: &OperationRef<'c, '_>, ty: Type<'c>) -> Result<FileShape<'c>, Failed> {
    // A file of vectors (a vectorized array) counts every lane.
    let element = t2s_ir::array::memref_element(ty);
    let lanes = t2s_ir::lanes::shape_of(element).map_or(1, |s| t2s_ir::lanes::count(&s) as i64);
    let scalar =
        t2s_ir::import::scalar_type(t2s_ir::lanes::element_of(element)).ok_or_else(|| {
            error(
                op.location(),
                "a register file holds scalars or vectors of them",
            )
        })?;
    // A static memref type (verified).
    let mut shape: Vec<Option<i64>> = t2s_ir::types::shape(ty)
        .unwrap_or_default()
        .into_iter()
        .map(Some)
        .collect();
    let slots = shape.last().copied().flatten().unwrap_or(1);
    shape.push(Some(lanes));
    let bytes = registers::file_bytes(scalar, &shape)
        .filter(|b| *b <= MAX_FILE_BYTES)
        .ok_or_else(|| {
            error(
                op.location(),
                format!("register file of shape {ty} is too large to allocate (more than {MAX_FILE_BYTES} bytes)"),
            )
        })?;
    Ok(FileShape {
        element,
        shape,
        slots,
        bytes,
    })
}

/// The time loops, outermost first, and the flattened step.
pub(super) struct TimeLoops {
    /// The innermost body.
    pub block: Blk,
    pub ivs: Vec<Val>,
    /// Every loop body opened (time, then PE loops), outermost first.
    pub bodies: Vec<Blk>,
    pub strides: Vec<Val>,
    pub step: Val,
    /// The body of the scope loop of shared tiles (the GPU form's staging).
    pub scope_body: Option<Blk>,
    /// Per time loop, the body it opened (`None`: a given index).
    pub body_of: Vec<Option<Blk>>,
}

impl TimeLoops {
    /// An emitter at the top of time loop `c`'s body, before the loops
    /// inside it; for a given index (no loop opened), before the outermost
    /// loop opened, or at `e` when none was.
    pub fn top_of_loop<'c>(&self, e: &Emitter<'c>, c: usize) -> Emitter<'c> {
        if let Some(body) = self.body_of.get(c).copied().flatten() {
            return top_of(e, body, self.bodies.iter().copied());
        }
        match self.bodies.first().and_then(|b| b.parent_op()) {
            Some(outermost) => match outermost.block() {
                Some(block) => e.at(block).before_op(outermost),
                None => *e,
            },
            None => *e,
        }
    }
}

/// The time loops around the PEs, outermost first; a loop whose index is
/// `given` (a GPU-mapped loop: a block or thread index) opens no loop.
pub(super) fn time_loops<'c>(
    e: &Emitter<'c>,
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    time_extents: &[Val],
    given: &[Option<Val>],
    scope: Option<usize>,
) -> TimeLoops {
    let context = e.context;
    let mut block = e.block;
    let mut time_ivs = Vec::new();
    let mut bodies = Vec::new();
    let mut scope_body = None;
    let mut body_of = Vec::new();
    let mut strides = vec![e.index(1); info.time.len()];
    for c in (0..info.time.len().saturating_sub(1)).rev() {
        strides[c] = e.mul(strides[c + 1], time_extents[c + 1]);
    }
    for (c, (t, extent)) in info.time.iter().zip(time_extents).enumerate() {
        if let Some(iv) = given.get(c).copied().flatten() {
            time_ivs.push(iv);
            body_of.push(None);
            continue;
        }
        let at = e.at(block);
        let lower = at.index(t.min);
        let upper = if t.min == 0 {
            *extent
        } else {
            at.add(lower, *extent)
        };
        let (body, iv) = at
            .located(named(context, &t.name, array.location()))
            .for_loop(lower, upper);
        time_ivs.push(iv);
        bodies.push(body);
        body_of.push(Some(body));
        if scope == Some(c) {
            scope_body = Some(body);
        }
        block = body;
    }
    let step_emitter = e.at(block);
    let mut step = step_emitter.index(0);
    for ((iv, t), stride) in time_ivs.iter().zip(&info.time).zip(&strides) {
        let offset = step_emitter.sub(*iv, step_emitter.index(t.min));
        step = step_emitter.add(step, step_emitter.mul(offset, *stride));
    }

    TimeLoops {
        block,
        ivs: time_ivs,
        bodies,
        strides,
        step,
        scope_body,
        body_of,
    }
}

/// An emitter at the top of `body` (one of `bodies`, the loops' bodies in
/// nesting order): before the loop nested in it, if any, else at its end.
pub(super) fn top_of<'c>(
    e: &Emitter<'c>,
    body: Blk,
    bodies: impl Iterator<Item = Blk>,
) -> Emitter<'c> {
    let inner = bodies
        .skip_while(|b| *b != body)
        .nth(1)
        .and_then(|b| b.parent_op())
        .filter(|op| op.block() == Some(body));
    match inner {
        Some(op) => e.at(body).before_op(op),
        None => e.at(body),
    }
}

/// What every PE's code needs.
pub(super) struct PeInputs<'a, 'c> {
    pub files: &'a HashMap<usize, FileStorage>,
    pub buffers: &'a [BufferStorage],
    pub lowered: &'a Lowered<'c>,
    pub stamps: Option<Val>,
    /// Unrolled PEs (and their shifts) in regions of at most this many
    /// (0: none): `pe-region-size`.
    pub region_size: usize,
}

/// The PEs inside the time loops: one copy of the body per PE when
/// `unroll`, else loops over the PEs around one copy.
pub(super) fn lower_pes<'c>(
    e: &Emitter<'c>,
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    unroll: bool,
    time: &mut TimeLoops,
    pe: &PeInputs<'_, 'c>,
) -> Result<(), Failed> {
    let body = ir::body_block(&array).or_internal("a body block")?;
    if unroll {
        unrolled_pes(e, info, time, pe, body)
    } else {
        pe_loops(e, array, info, time, pe, body)
    }
}

/// One copy of the array's body per PE, with constant coordinates, then
/// the shifts of the register files.
fn unrolled_pes(
    e: &Emitter<'_>,
    info: &ArrayInfo,
    time: &TimeLoops,
    pe: &PeInputs<'_, '_>,
    body: BlockRef<'_, '_>,
) -> Result<(), Failed> {
    let points = crate::spacetime_to_scf::pes::pe_points(info);
    // Everything below is emitted in the step's block, after the anchor.
    let anchor = e.at(time.block).index(0).defining_op();
    let _pool = anchor.map(t2s_ir::constant_pool::Pool::open);
    let regions = Regions::new(e.at(time.block), points.len(), pe.region_size);
    for (i, point) in points.into_iter().enumerate() {
        let at = regions.item(i);
        let space = point
            .iter()
            .zip(&info.space)
            .enumerate()
            .map(|(d, (&c, s))| {
                if s.vectorized {
                    crate::spacetime_to_scf::pes::ramp(&at, info, d)
                } else {
                    at.index(c)
                }
            });
        let coords: Vec<Val> = time.ivs.iter().copied().chain(space).collect();
        let cloned = clone_body(&at, body, &coords, pe.buffers)?;
        let frame = PeFrame {
            coords: &coords,
            step: time.step,
            strides: &time.strides,
            constant_pe: Some(point.clone()),
        };
        rewrite_pe(&at, &cloned, info, &frame, pe.files, pe.lowered, pe.stamps)?;
    }
    regions.finish();
    crate::spacetime_to_scf::shifts::shift_files(&e.at(time.block), pe.files, pe.region_size);
    Ok(())
}

/// Loops over the PEs (marked for unrolling by aoc) around one copy of the
/// body, then the shifts of the register files after them.
fn pe_loops<'c>(
    e: &Emitter<'c>,
    array: OperationRef<'c, '_>,
    info: &ArrayInfo,
    time: &mut TimeLoops,
    pe: &PeInputs<'_, 'c>,
    body: BlockRef<'_, '_>,
) -> Result<(), Failed> {
    let step_block = time.block;
    let mut block = time.block;
    let mut space_ivs = Vec::new();
    for (d, s) in info.space.iter().enumerate() {
        if s.vectorized {
            space_ivs.push(crate::spacetime_to_scf::pes::ramp(&e.at(block), info, d));
            continue;
        }
        let at = e.at(block);
        let (inner, iv) = at
            .located(named(e.context, &s.name, array.location()))
            .for_loop(at.index(s.min), at.index(s.min + s.pe_extent()));
        at.mark_parent(inner, crate::spacetime_to_scf::registers::UNROLL);
        time.bodies.push(inner);
        block = inner;
        // A descending loop visits `min + max - iv`.
        space_ivs.push(if s.descending {
            let at = e.at(block);
            at.sub(at.index(2 * s.min + s.pe_extent() - 1), iv)
        } else {
            iv
        });
    }
    let at = e.at(block);
    let coords: Vec<Val> = time.ivs.iter().chain(&space_ivs).copied().collect();
    let cloned = clone_body(&at, body, &coords, pe.buffers)?;
    let frame = PeFrame {
        coords: &coords,
        step: time.step,
        strides: &time.strides,
        constant_pe: None,
    };
    rewrite_pe(&at, &cloned, info, &frame, pe.files, pe.lowered, pe.stamps)?;
    crate::spacetime_to_scf::shifts::shift_files_in_loops(
        &e.at(step_block),
        pe.files,
        &pe_names(info),
    );
    time.block = block;
    Ok(())
}

/// What one run of the time loops owns (each thread its own): register
/// files, feeder buffers, packed tiles.
pub(super) struct Storage {
    pub files: HashMap<usize, FileStorage>,
    pub buffers: Vec<crate::spacetime_to_scf::buffers::BufferStorage>,
    pub packed: Vec<Val>,
}

impl Storage {
    pub fn allocate<'c>(
        e: &Emitter<'c>,
        array: OperationRef<'c, '_>,
        info: &ArrayInfo,
        unroll: bool,
        options: &LowerOptions,
        grid: Option<&gpu::Grid<'c>>,
        packs: &[pack::Plan<'c>],
    ) -> Result<Self, Failed> {
        let files = allocate_files(e, array, info, unroll, options, grid)?;
        let array_op = ArrayOp::cast(array).or_internal("an op of the expected kind")?;
        if options.gpu && !array_op.buffers().is_empty() {
            return Err(error(
                array.location(),
                "spacetime-to-scf{gpu=true}: an array's feeder buffers have no GPU form yet (shared memory)",
            ));
        }
        Ok(Storage {
            files,
            buffers: crate::spacetime_to_scf::buffers::allocate(e, &array_op),
            packed: pack::allocate(e, packs),
        })
    }

    /// Frees what is on the heap, at `e` (after the time loops).
    pub fn free(&self, e: &Emitter<'_>) {
        free_heap(e, &self.files, &self.buffers);
        pack::free(e, &self.packed);
    }
}

/// Frees what the lowering allocated on the heap: register files and
/// feeder buffers.
fn free_heap(
    e: &Emitter<'_>,
    files: &HashMap<usize, FileStorage>,
    buffers: &[crate::spacetime_to_scf::buffers::BufferStorage],
) {
    for file in files.values().filter(|f| f.heap) {
        e.dealloc(file.buffer);
    }
    crate::spacetime_to_scf::buffers::free(e, buffers);
}

/// The first read of `array` that takes its value from an earlier
/// iteration of the `outer` outermost time loops (which run on other
/// threads or blocks): a per-loop delay along one of them, or a flattened
/// delay of at least one iteration of the loops inside them.
pub(super) fn read_across<'c, 'a>(
    array: OperationRef<'c, 'a>,
    info: &ArrayInfo,
    outer: usize,
) -> Option<OperationRef<'c, 'a>> {
    use t2s_ir::ops::spacetime::{read_delay, ReadDelay};
    let inner: Option<i64> = info.time[outer.min(info.time.len())..]
        .iter()
        .try_fold(1i64, |acc, t| acc.checked_mul(t.extent.as_const()?));
    ir::collect(array, ods::spacetime::ReadOperation::name())
        .into_iter()
        .find(|read| match read_delay(read) {
            Some(ReadDelay::PerTimeLoop(d)) => d[..outer.min(d.len())].iter().any(|d| *d != 0),
            Some(ReadDelay::Steps(d)) => inner.is_some_and(|p| d >= p),
            None => false,
        })
}
