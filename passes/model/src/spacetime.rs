//! The arithmetic of the space-time transform (space-time-transform.md):
//! time loops with exact bounds, recovery of the original indices, validity
//! guards, time distances, flattened time, shift-register sizes and the
//! minimized FIFO sizes. Pure integer math over constant bounds, shared by the
//! pass (diagnostics, remarks, IR) and its lowering.
//!
//! Conventions. Loops are listed outermost first. A dependence distance is
//! `current point - read point` over the original loops (non-negative, as
//! T2S's rules require). The coordinates after the transforms are the time
//! loops (every loop that is not a space loop, outermost first) followed by
//! the space loops (the PEs).

use thiserror::Error;

/// One space-time transform, as `space_time_transform` records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformSpec {
    /// The space loops by name (in any order).
    pub space: Vec<String>,
    /// Scheduling coefficients, one per entry of `space`; `None` is the
    /// dataflow form (the vector `(0, ..., 0, 1)`).
    pub vector: Option<Vec<i64>>,
    pub check_time: bool,
}

/// A loop of the original nest with constant bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestLoop {
    pub name: String,
    pub min: i64,
    pub extent: i64,
}

/// A read of Func `callee` by Func `consumer` at distance `distance`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DependenceSpec {
    pub consumer: usize,
    pub callee: usize,
    /// Over the original loops, outermost first.
    pub distance: Vec<i64>,
}

/// A coordinate (loop) after the transforms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coordinate {
    pub name: String,
    pub min: i64,
    pub extent: i64,
    pub is_space: bool,
}

/// How the values of one Func cross time steps after FIFO minimization.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Storage {
    /// Exactly one value every `every` flattened steps: `slots` registers
    /// (slot 0 holds the newest value), shifted every `every` steps.
    ShiftRegisters { every: i64, slots: i64 },
    /// Irregular production: a channel holding at most `depth` values.
    Channel { depth: i64 },
}

/// The register file of a Func that is read across time steps or PEs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegisterFile {
    pub func: usize,
    /// The largest flattened time distance of a read of the Func.
    pub max_distance: i64,
    /// Registers per PE before minimization: `max_distance + 1` (slot 0 is
    /// written at the current step, slot `d` was written `d` steps ago).
    pub slots: i64,
    /// The minimized storage, when the production pattern was enumerated.
    pub minimized: Option<Storage>,
}

/// A dependence after the transforms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dependence {
    pub spec: DependenceSpec,
    /// Distance over the coordinates (time loops, then space loops).
    pub coordinates: Vec<i64>,
    /// Distance in flattened time steps.
    pub flattened: i64,
}

impl Dependence {
    /// Whether the dependence can never connect two points of the domain:
    /// its distance along some coordinate is at least that coordinate's
    /// extent, so the value read always comes from outside the iteration
    /// space (a value a select must discard). Such reads need no storage.
    pub fn never_valid(&self, coordinates: &[Coordinate]) -> bool {
        self.coordinates
            .iter()
            .zip(coordinates)
            .any(|(d, c)| d.unsigned_abs() >= c.extent.unsigned_abs())
    }
}

/// The result of a chain of transforms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Time loops then space loops.
    pub coordinates: Vec<Coordinate>,
    /// `original[v] = sum(recover[v][c] * coord[c]) + recover_constant[v]`.
    pub recover: Vec<Vec<i64>>,
    pub recover_constant: Vec<i64>,
    /// `coord[c] = sum(forward[c][v] * original[v])`.
    pub forward: Vec<Vec<i64>>,
    /// Flattened-time stride of each coordinate (0 for space loops).
    pub strides: Vec<i64>,
    pub check_time: bool,
    /// No transform gave a scheduling vector: PEs run dataflow-style.
    pub dataflow: bool,
    pub dependences: Vec<Dependence>,
    pub registers: Vec<RegisterFile>,
}

impl Schedule {
    pub fn time_coordinates(&self) -> impl Iterator<Item = &Coordinate> {
        self.coordinates.iter().filter(|c| !c.is_space)
    }

    pub fn space_coordinates(&self) -> impl Iterator<Item = &Coordinate> {
        self.coordinates.iter().filter(|c| c.is_space)
    }

    /// Number of flattened time steps.
    pub fn steps(&self) -> i64 {
        self.time_coordinates().map(|c| c.extent).product()
    }

    pub fn register(&self, func: usize) -> Option<&RegisterFile> {
        self.registers.iter().find(|r| r.func == func)
    }
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ScheduleError {
    #[error("'{name}' is not a loop of the nest{hint}")]
    UnknownLoop {
        transform: usize,
        name: String,
        hint: String,
    },
    #[error("loop '{name}' is listed twice")]
    DuplicateLoop { transform: usize, name: String },
    #[error("space loops must be the innermost loops, one immediately enclosing the next: {detail}; reorder the loops first")]
    NotInnermost { transform: usize, detail: String },
    #[error("the space loops ({space}) of a later transform must be a proper subset of the previous transform's ({previous})")]
    NotSubset {
        transform: usize,
        space: String,
        previous: String,
    },
    #[error("the scheduling vector has {got} coefficients but there are {expected} space loops")]
    VectorLength {
        transform: usize,
        expected: usize,
        got: usize,
    },
    #[error("every loop is a space loop: there is no time loop to schedule with a vector")]
    NoTimeLoop { transform: usize },
    #[error("the schedule does not respect the dependence of @{consumer} on @{callee} at distance ({distance}): its time distance is {time_distance}, which must be positive")]
    Violated {
        transform: usize,
        consumer: String,
        callee: String,
        distance: String,
        time_distance: i64,
    },
    #[error(
        "loop '{name}' has extent {extent}; a space-time transform needs positive constant bounds"
    )]
    BadBounds { name: String, extent: i64 },
    #[error(
        "the schedule overflows 64-bit integers ({what}); use smaller coefficients or extents"
    )]
    Overflow {
        /// The transform whose arithmetic overflowed; the last one for the
        /// flattening of time that follows the chain.
        transform: usize,
        what: &'static str,
    },
}

/// Checked i64 arithmetic for the schedule: an overflow is an error at the
/// transform, never a wrapped bound or a panic.
struct Checked {
    transform: usize,
}

impl Checked {
    fn err(&self, what: &'static str) -> ScheduleError {
        ScheduleError::Overflow {
            transform: self.transform,
            what,
        }
    }
    fn add(&self, a: i64, b: i64, what: &'static str) -> Result<i64, ScheduleError> {
        a.checked_add(b).ok_or_else(|| self.err(what))
    }
    fn sub(&self, a: i64, b: i64, what: &'static str) -> Result<i64, ScheduleError> {
        a.checked_sub(b).ok_or_else(|| self.err(what))
    }
    fn mul(&self, a: i64, b: i64, what: &'static str) -> Result<i64, ScheduleError> {
        a.checked_mul(b).ok_or_else(|| self.err(what))
    }
    /// `sum(a_i * b_i)`.
    fn dot(
        &self,
        mut pairs: impl Iterator<Item = (i64, i64)>,
        what: &'static str,
    ) -> Result<i64, ScheduleError> {
        pairs.try_fold(0i64, |acc, (a, b)| {
            self.add(acc, self.mul(a, b, what)?, what)
        })
    }
}

impl ScheduleError {
    /// The transform (in the chain) that the error is about, if any.
    pub fn transform(&self) -> Option<usize> {
        match self {
            ScheduleError::UnknownLoop { transform, .. }
            | ScheduleError::DuplicateLoop { transform, .. }
            | ScheduleError::NotInnermost { transform, .. }
            | ScheduleError::Overflow { transform, .. }
            | ScheduleError::NotSubset { transform, .. }
            | ScheduleError::VectorLength { transform, .. }
            | ScheduleError::NoTimeLoop { transform }
            | ScheduleError::Violated { transform, .. } => Some(*transform),
            ScheduleError::BadBounds { .. } => None,
        }
    }
}

/// Largest number of points enumerated to minimize a FIFO.
const MAX_ENUMERATED_POINTS: usize = 1 << 20;

/// Applies the chain `transforms` to the nest `loops`.
pub fn schedule(
    loops: &[NestLoop],
    dependences: &[DependenceSpec],
    transforms: &[TransformSpec],
    func_names: &[String],
) -> Result<Schedule, ScheduleError> {
    for l in loops {
        if l.extent <= 0 {
            return Err(ScheduleError::BadBounds {
                name: l.name.clone(),
                extent: l.extent,
            });
        }
        Checked { transform: 0 }.add(l.min, l.extent, "a loop's min + extent")?;
    }
    let n = loops.len();
    let mut coords: Vec<Coordinate> = loops
        .iter()
        .map(|l| Coordinate {
            name: l.name.clone(),
            min: l.min,
            extent: l.extent,
            is_space: false,
        })
        .collect();
    let mut recover: Vec<Vec<i64>> = (0..n).map(|v| unit(n, v)).collect();
    let mut forward: Vec<Vec<i64>> = (0..n).map(|c| unit(n, c)).collect();
    let mut deltas: Vec<Vec<i64>> = dependences.iter().map(|d| d.distance.clone()).collect();
    let mut previous_space: Option<Vec<String>> = None;
    let mut check_time = false;
    let mut dataflow = true;
    let mut time_loops_made = 0;

    for (index, t) in transforms.iter().enumerate() {
        check_time |= t.check_time;
        let m = t.space.len();
        validate_space(index, t, &coords, previous_space.as_deref())?;
        if let Some(v) = &t.vector {
            if v.len() != m {
                return Err(ScheduleError::VectorLength {
                    transform: index,
                    expected: m,
                    got: v.len(),
                });
            }
        }
        let count = coords.len();
        for c in &mut coords {
            c.is_space = t.space.contains(&c.name);
        }
        previous_space = Some(t.space.clone());
        if m == count {
            if t.vector.is_some() {
                return Err(ScheduleError::NoTimeLoop { transform: index });
            }
            continue;
        }
        let tau = count - m - 1;
        let Some(vector) = &t.vector else { continue };
        dataflow = false;
        let coefs: Vec<i64> = coords
            .iter()
            .map(|c| {
                t.space
                    .iter()
                    .position(|s| *s == c.name)
                    .map_or(0, |p| vector[p])
            })
            .collect();
        let coef = |c: usize| coefs[c];
        let k = Checked { transform: index };
        // New time coordinate: t = tau + sum(T_s * s), with exact bounds.
        let (mut lo, mut hi) = (
            coords[tau].min,
            k.add(
                coords[tau].min,
                coords[tau].extent - 1,
                "a time loop's bounds",
            )?,
        );
        for (coord, t_s) in coords.iter().zip(&coefs).skip(tau + 1) {
            let last = k.add(coord.min, coord.extent - 1, "a loop's bounds")?;
            let (a, b) = (
                k.mul(*t_s, coord.min, "a time loop's bounds")?,
                k.mul(*t_s, last, "a time loop's bounds")?,
            );
            lo = k.add(lo, a.min(b), "a time loop's bounds")?;
            hi = k.add(hi, a.max(b), "a time loop's bounds")?;
        }
        let extent = k.add(
            k.sub(hi, lo, "a time loop's extent")?,
            1,
            "a time loop's extent",
        )?;
        let name = fresh_time_name(&mut time_loops_made, &coords, loops);
        coords[tau] = Coordinate {
            name,
            min: lo,
            extent,
            is_space: false,
        };
        // Recovery: tau = t - sum(T_s * s).
        for row in &mut recover {
            let r_tau = row[tau];
            for (r, t_s) in row.iter_mut().zip(&coefs).skip(tau + 1) {
                *r = k.sub(*r, k.mul(r_tau, *t_s, "the recovery")?, "the recovery")?;
            }
        }
        let mut updated = Vec::with_capacity(n);
        for (v, own) in forward[tau].iter().enumerate() {
            let skew = k.dot(
                (tau + 1..count).map(|c| (coef(c), forward[c][v])),
                "the schedule",
            )?;
            updated.push(k.add(*own, skew, "the schedule")?);
        }
        forward[tau] = updated;
        for delta in &mut deltas {
            let skew = k.dot(
                (tau + 1..count).map(|c| (coef(c), delta[c])),
                "a time distance",
            )?;
            delta[tau] = k.add(delta[tau], skew, "a time distance")?;
        }
        check_dependences(index, &coords, dependences, &deltas, tau, func_names)?;
    }

    // Order the coordinates: time loops (outermost first), then space loops.
    let order: Vec<usize> = (0..coords.len())
        .filter(|&c| !coords[c].is_space)
        .chain((0..coords.len()).filter(|&c| coords[c].is_space))
        .collect();
    let coordinates: Vec<Coordinate> = order.iter().map(|&c| coords[c].clone()).collect();
    let recover: Vec<Vec<i64>> = recover
        .iter()
        .map(|row| order.iter().map(|&c| row[c]).collect())
        .collect();
    let forward: Vec<Vec<i64>> = order.iter().map(|&c| forward[c].clone()).collect();
    let deltas: Vec<Vec<i64>> = deltas
        .iter()
        .map(|d| order.iter().map(|&c| d[c]).collect())
        .collect();
    // original = recover * coord + constant, where the identity held at the
    // original mins: no constant arises from integer-coefficient skews.
    let recover_constant = vec![0; n];

    let k = Checked {
        transform: transforms.len().saturating_sub(1),
    };
    let strides = flattened_strides(&coordinates, &k)?;
    let mut flat_deps = Vec::with_capacity(dependences.len());
    for (spec, coordinates) in dependences.iter().zip(deltas) {
        let flattened = k.dot(
            coordinates.iter().copied().zip(strides.iter().copied()),
            "a flattened time distance",
        )?;
        flat_deps.push(Dependence {
            spec: spec.clone(),
            coordinates,
            flattened,
        });
    }
    let dependences = flat_deps;
    let mut schedule = Schedule {
        coordinates,
        recover,
        recover_constant,
        forward,
        strides,
        check_time,
        dataflow,
        dependences,
        registers: Vec::new(),
    };
    schedule.registers = register_files(&schedule, loops, &k)?;
    Ok(schedule)
}

/// `t1`, `t2`, ... skipping names the nest already uses.
fn fresh_time_name(made: &mut usize, coords: &[Coordinate], loops: &[NestLoop]) -> String {
    loop {
        *made += 1;
        let name = format!("t{made}");
        if !coords.iter().any(|c| c.name == name) && !loops.iter().any(|l| l.name == name) {
            return name;
        }
    }
}

fn unit(n: usize, i: usize) -> Vec<i64> {
    (0..n).map(|j| i64::from(i == j)).collect()
}

fn validate_space(
    index: usize,
    t: &TransformSpec,
    coords: &[Coordinate],
    previous: Option<&[String]>,
) -> Result<(), ScheduleError> {
    for (k, name) in t.space.iter().enumerate() {
        if t.space[..k].contains(name) {
            return Err(ScheduleError::DuplicateLoop {
                transform: index,
                name: name.clone(),
            });
        }
        if !coords.iter().any(|c| &c.name == name) {
            let hint = if name.starts_with('t') && name[1..].parse::<u32>().is_ok() {
                " (time loops cannot be space loops)".to_string()
            } else {
                String::new()
            };
            return Err(ScheduleError::UnknownLoop {
                transform: index,
                name: name.clone(),
                hint,
            });
        }
    }
    let m = t.space.len();
    let innermost: Vec<&str> = coords[coords.len() - m..]
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    if let Some(outside) = innermost.iter().find(|n| !t.space.iter().any(|s| s == *n)) {
        let order: Vec<&str> = coords.iter().map(|c| c.name.as_str()).collect();
        return Err(ScheduleError::NotInnermost {
            transform: index,
            detail: format!(
                "loop '{outside}' is inside or between them (loops, outermost first: {})",
                order.join(", ")
            ),
        });
    }
    if let Some(prev) = previous {
        let proper_subset = m < prev.len() && t.space.iter().all(|s| prev.contains(s));
        if !proper_subset {
            return Err(ScheduleError::NotSubset {
                transform: index,
                space: t.space.join(", "),
                previous: prev.join(", "),
            });
        }
    }
    Ok(())
}

/// Every non-zero dependence must move forward in time: its distance over the
/// time loops (outermost first) must be lexicographically positive. A
/// dependence already carried by an outer time loop needs nothing from this
/// transform's time loop (`tau`).
fn check_dependences(
    index: usize,
    coords: &[Coordinate],
    specs: &[DependenceSpec],
    deltas: &[Vec<i64>],
    tau: usize,
    func_names: &[String],
) -> Result<(), ScheduleError> {
    for (spec, delta) in specs.iter().zip(deltas) {
        if delta.iter().all(|d| *d == 0) {
            continue;
        }
        let first_time = coords
            .iter()
            .zip(delta)
            .find(|(c, d)| !c.is_space && **d != 0);
        if matches!(first_time, Some((_, d)) if *d > 0) {
            continue;
        }
        let name = |f: usize| {
            func_names
                .get(f)
                .cloned()
                .unwrap_or_else(|| format!("#{f}"))
        };
        return Err(ScheduleError::Violated {
            transform: index,
            consumer: name(spec.consumer),
            callee: name(spec.callee),
            distance: spec
                .distance
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            time_distance: delta[tau],
        });
    }
    Ok(())
}

/// Row-major strides over the time coordinates; space coordinates get 0.
fn flattened_strides(coords: &[Coordinate], k: &Checked) -> Result<Vec<i64>, ScheduleError> {
    let mut strides = vec![0; coords.len()];
    let mut stride: i64 = 1;
    for (c, coord) in coords.iter().enumerate().rev() {
        if !coord.is_space {
            strides[c] = stride;
            stride = k.mul(stride, coord.extent, "the number of flattened time steps")?;
        }
    }
    Ok(strides)
}

fn register_files(
    schedule: &Schedule,
    loops: &[NestLoop],
    k: &Checked,
) -> Result<Vec<RegisterFile>, ScheduleError> {
    let mut files: Vec<RegisterFile> = Vec::new();
    for dep in &schedule.dependences {
        if dep.never_valid(&schedule.coordinates) {
            continue;
        }
        match files.iter_mut().find(|f| f.func == dep.spec.callee) {
            Some(f) => f.max_distance = f.max_distance.max(dep.flattened),
            None => files.push(RegisterFile {
                func: dep.spec.callee,
                max_distance: dep.flattened,
                slots: 0,
                minimized: None,
            }),
        }
    }
    let production = production_offsets(schedule, loops);
    for f in &mut files {
        f.slots = k.add(f.max_distance, 1, "a register file's size")?;
        f.minimized = production
            .as_ref()
            .map(|times| minimize(times, f.max_distance));
    }
    files.sort_by_key(|f| f.func);
    Ok(files)
}

/// The flattened times at which one PE computes, relative to the PE's first
/// step (the same pattern for every PE: flattened time is affine in the
/// original indices, and a PE fixes its space indices). `None` when there
/// are too many points to enumerate.
pub fn production_offsets(schedule: &Schedule, loops: &[NestLoop]) -> Option<Vec<i64>> {
    let n = loops.len();
    // Flattened time = sum over original vars of a[v] * x[v] + constant.
    // None (not enumerated) on overflow.
    let a: Vec<i64> = (0..n)
        .map(|v| {
            (0..schedule.coordinates.len()).try_fold(0i64, |acc, c| {
                acc.checked_add(schedule.strides[c].checked_mul(schedule.forward[c][v])?)
            })
        })
        .collect::<Option<_>>()?;
    let space_vars: Vec<bool> = (0..n)
        .map(|v| {
            schedule
                .space_coordinates()
                .any(|c| c.name == loops[v].name)
        })
        .collect();
    let mut count: usize = 1;
    for (v, l) in loops.iter().enumerate() {
        if !space_vars[v] {
            count = count.checked_mul(l.extent as usize)?;
        }
    }
    if count > MAX_ENUMERATED_POINTS {
        return None;
    }
    let mut times = vec![0i64];
    for (v, l) in loops.iter().enumerate() {
        if space_vars[v] {
            continue;
        }
        let step = a[v];
        times = times
            .iter()
            .flat_map(|t| (0..l.extent).map(move |x| step.checked_mul(x)?.checked_add(*t)))
            .collect::<Option<_>>()?;
    }
    times.sort_unstable();
    Some(times)
}

/// The smallest storage for values read `distance` steps after they are
/// produced at `times` (sorted).
pub fn minimize(times: &[i64], distance: i64) -> Storage {
    let regular_stride = match times {
        [] | [_] => Some(1),
        [first, second, ..] => {
            let s = second - first;
            (s > 0 && times.windows(2).all(|w| w[1] - w[0] == s)).then_some(s)
        }
    };
    if let Some(every) = regular_stride {
        // A value produced at t is read at t + distance: it has been shifted
        // ceil(distance / every) times by then.
        return Storage::ShiftRegisters {
            every,
            slots: ceil_div(distance, every) + 1,
        };
    }
    // The channel holds every value produced in [t - distance, t] at step t.
    let mut depth = 0;
    let mut end = 0;
    for (start, &t) in times.iter().enumerate() {
        while end < times.len() && times[end] <= t.saturating_add(distance) {
            end += 1;
        }
        depth = depth.max((end - start) as i64);
    }
    Storage::Channel { depth }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1).div_euclid(b)
}

#[cfg(test)]
mod tests;
