//! The arithmetic of the space-time transform (space-time-transform.md):
//! time loops with exact bounds, recovery of the original indices, validity
//! guards, time distances, flattened time, shift-register sizes and the
//! minimized FIFO sizes. Pure integer math, shared by the pass (diagnostics,
//! remarks, IR) and its lowering. Extents may be affine functions of
//! parameters ([`Linear`]); what must be a number (the PEs, register sizes)
//! is taken at the parameters' declared maxima.
//!
//! Conventions. Loops are listed outermost first. A dependence distance is
//! `current point - read point` over the original loops (lexicographically
//! positive, as T2S's rules require; a component may be negative). The coordinates after the transforms are the time
//! loops (every loop that is not a space loop, outermost first) followed by
//! the space loops (the PEs).

use crate::Linear;
use std::collections::HashMap;

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

/// A loop of the original nest: a constant min, an extent that is a
/// constant or a parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestLoop {
    pub name: String,
    pub min: i64,
    pub extent: Linear,
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
    pub extent: Linear,
    /// The extent at the parameters' declared maxima; `None` when a
    /// parameter it uses has no max.
    pub max_extent: Option<i64>,
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
    /// Distance in flattened time steps, when it is a constant (no time
    /// extent it spans depends on a parameter).
    pub flattened: Option<i64>,
    /// Distance in flattened time steps at the parameters' maxima (the
    /// largest it can be); `None` when a parameter it depends on has no max.
    pub max_flattened: Option<i64>,
}

impl Dependence {
    /// Whether the dependence can never connect two points of the domain:
    /// its distance along some coordinate is at least that coordinate's
    /// largest extent, so the value read always comes from outside the
    /// iteration space (a value a select must discard). Such reads need no
    /// storage.
    pub fn never_valid(&self, coordinates: &[Coordinate]) -> bool {
        never_inside(&self.coordinates, coordinates)
    }
}

/// The declared maxima of the parameters that have one, by name: the
/// values at which symbolic extents are bounded.
pub fn maxima(params: &[ParamDecl]) -> HashMap<String, i64> {
    params
        .iter()
        .filter_map(|p| Some((p.name.clone(), p.max?)))
        .collect()
}

/// Whether a read at `distance` over the nest `loops` never connects two
/// of its points: along some loop it moves by at least the loop's largest
/// extent (`params` give the maxima of symbolic extents). The schedule
/// ignores such dependences, and the array reads nothing for them.
pub fn never_reaches(distance: &[i64], loops: &[NestLoop], params: &[ParamDecl]) -> bool {
    let maxima = maxima(params);
    distance.iter().zip(loops).any(|(d, l)| {
        l.extent
            .eval(&maxima)
            .is_some_and(|extent| d.unsigned_abs() >= extent.unsigned_abs())
    })
}

/// Whether a distance over the coordinates moves, along some coordinate, by
/// at least its largest extent.
pub fn never_inside(distance: &[i64], coordinates: &[Coordinate]) -> bool {
    distance.iter().zip(coordinates).any(|(d, c)| {
        c.max_extent
            .is_some_and(|extent| d.unsigned_abs() >= extent.unsigned_abs())
    })
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
    /// Flattened-time stride of each coordinate (0 for space loops); `None`
    /// where it depends on a parameter.
    pub strides: Vec<Option<i64>>,
    /// The strides at the parameters' maxima (`None`: a parameter has no max).
    pub max_strides: Vec<Option<i64>>,
    pub check_time: bool,
    /// No transform gave a scheduling vector: PEs run dataflow-style.
    pub dataflow: bool,
    pub dependences: Vec<Dependence>,
    pub registers: Vec<RegisterFile>,
    /// The largest stretch of a time loop by one scheduling coefficient.
    pub stretch: Option<Stretch>,
    /// The space loops that run inside each PE (outermost first): the loops
    /// the transforms' space loops enclose. They are PEs of the array like
    /// the others, with no scheduling coefficient.
    pub inside: Vec<String>,
}

/// How far one scheduling coefficient stretches a time loop: `t = ... +
/// coefficient * loop + ...` spans `|coefficient| * (extent - 1)` steps
/// more than it would without the loop (at the parameters' maxima).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stretch {
    /// The transform (0-based, in the order they apply).
    pub transform: usize,
    /// The time loop it makes.
    pub time: String,
    /// The space loop the coefficient multiplies, and its extent.
    pub space: String,
    pub extent: i64,
    pub coefficient: i64,
    /// `|coefficient| * (extent - 1)`, saturated.
    pub steps: i64,
}

/// A schedule whose steps x PEs exceed the nest's points this many times is
/// reported: its PEs idle (almost) all the time. The shipped designs stay
/// under 8 (a skewed GEMM on 8 x 8 PEs: 2.75).
pub const IDLE_FACTOR: i128 = 64;

/// The work a schedule makes against the points of its nest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Idle {
    pub steps: i128,
    pub pes: i128,
    pub points: i128,
    pub stretch: Option<Stretch>,
}

impl Idle {
    /// PE-steps per point of the nest.
    pub fn factor(&self) -> i128 {
        (self.steps.saturating_mul(self.pes)) / self.points.max(1)
    }
}

impl Schedule {
    /// The flattened steps and the PEs at the parameters' maxima (`None`
    /// where a parameter has no max), saturated.
    pub fn work(&self) -> Option<(i128, i128)> {
        let product = |space: bool| {
            self.coordinates
                .iter()
                .filter(|c| c.is_space == space)
                .try_fold(1i128, |n, c| {
                    Some(n.saturating_mul(i128::from(c.max_extent?)))
                })
        };
        Some((product(false)?, product(true)?))
    }

    /// The schedule's work when it exceeds [`IDLE_FACTOR`] times the
    /// `points` of the nest.
    pub fn idle(&self, points: i128) -> Option<Idle> {
        let (steps, pes) = self.work()?;
        let idle = Idle {
            steps,
            pes,
            points,
            stretch: self.stretch.clone(),
        };
        (idle.factor() > IDLE_FACTOR).then_some(idle)
    }

    pub fn time_coordinates(&self) -> impl Iterator<Item = &Coordinate> {
        self.coordinates.iter().filter(|c| !c.is_space)
    }

    pub fn space_coordinates(&self) -> impl Iterator<Item = &Coordinate> {
        self.coordinates.iter().filter(|c| c.is_space)
    }

    /// Number of flattened time steps, as a product of time extents
    /// (`19 * 10`, `(2*I + J - 2) * 8`) and its value when constant.
    pub fn steps(&self) -> (String, Option<i64>) {
        let extents: Vec<&Linear> = self.time_coordinates().map(|c| &c.extent).collect();
        let value = extents
            .iter()
            .try_fold(1i64, |n, e| n.checked_mul(e.as_const()?));
        let text = if extents.len() == 1 {
            extents[0].to_string()
        } else {
            extents
                .iter()
                .map(|e| {
                    if e.is_const() {
                        e.to_string()
                    } else {
                        format!("({e})")
                    }
                })
                .collect::<Vec<_>>()
                .join(" * ")
        };
        (text, value)
    }

    /// Whether an extent depends on a parameter.
    pub fn is_symbolic(&self) -> bool {
        self.coordinates.iter().any(|c| !c.extent.is_const())
    }

    /// The time-coordinate part and the PE offset of a read at `distance`
    /// over the original loops, with its flattened delay (constant, and at
    /// the maxima).
    pub fn project(&self, distance: &[i64]) -> Projection {
        let mut time = Vec::new();
        let mut offset = Vec::new();
        let mut flattened = Some(0i64);
        let mut max_flattened = Some(0i64);
        for (c, coordinate) in self.coordinates.iter().enumerate() {
            let d = self.forward[c]
                .iter()
                .zip(distance)
                .try_fold(0i64, |acc, (a, b)| acc.checked_add(a.checked_mul(*b)?));
            let d = d.unwrap_or(i64::MAX);
            if coordinate.is_space {
                offset.push(d);
                continue;
            }
            time.push(d);
            let add = |acc: Option<i64>, stride: Option<i64>| {
                if d == 0 {
                    return acc;
                }
                acc?.checked_add(d.checked_mul(stride?)?)
            };
            flattened = add(flattened, self.strides[c]);
            max_flattened = add(max_flattened, self.max_strides[c]);
        }
        Projection {
            time,
            offset,
            flattened,
            max_flattened,
        }
    }

    pub fn register(&self, func: usize) -> Option<&RegisterFile> {
        self.registers.iter().find(|r| r.func == func)
    }
}

/// A read after the transforms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Projection {
    /// Distance over the time coordinates.
    pub time: Vec<i64>,
    /// The producing PE: current PE - offset.
    pub offset: Vec<i64>,
    /// Flattened delay when constant.
    pub flattened: Option<i64>,
    /// Flattened delay at the parameters' maxima.
    pub max_flattened: Option<i64>,
}

/// Largest number of points enumerated to minimize a FIFO.
const MAX_ENUMERATED_POINTS: usize = 1 << 20;

/// A `ure.param`: its name and declared max.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDecl {
    pub name: String,
    pub max: Option<i64>,
}

/// Applies the chain `transforms` to the nest `loops`. `params` are the
/// program's parameters in declaration order (the order of the terms of the
/// time extents), with their declared maxima.
pub fn schedule(
    loops: &[NestLoop],
    dependences: &[DependenceSpec],
    transforms: &[TransformSpec],
    func_names: &[String],
    params: &[ParamDecl],
) -> Result<Schedule, ScheduleError> {
    let maxima = maxima(params);
    project::check_loop_bounds(loops)?;
    let nest = project::Nest {
        loops,
        dependences,
        func_names,
        params,
        maxima: &maxima,
        // A dependence whose distance along some loop is at least its
        // extent never connects two points of the domain: its reads always
        // fall outside (a select discards them). It constrains no schedule.
        possible: dependences
            .iter()
            .map(|d| !never_reaches(&d.distance, loops, params))
            .collect(),
    };
    let mut projected = project::Projected::new(&nest);
    for (index, t) in transforms.iter().enumerate() {
        projected.apply(&nest, index, t)?;
    }
    projected.into_schedule(&nest, transforms.len())
}

mod checks;
mod error;
mod project;
mod storage;

use checks::{
    check_dependences, check_space_extents, flattened_strides, fresh_time_name, unit,
    validate_space,
};

use error::Checked;
pub use error::ScheduleError;
use storage::register_files;
pub use storage::{minimize, production_offsets};

#[cfg(test)]
mod tests;
