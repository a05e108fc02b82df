//! Applying a chain of space-time transforms to a loop nest, one at a
//! time: the time coordinate each makes (with exact bounds), the recovery
//! of the original loops, the forward map, the dependences' time distances
//! and their checks, then the coordinates in their final order.

use super::*;

/// What the transforms apply to: the nest, its dependences and the
/// program's parameters.
pub(super) struct Nest<'n> {
    pub loops: &'n [NestLoop],
    pub dependences: &'n [DependenceSpec],
    pub func_names: &'n [String],
    pub params: &'n [ParamDecl],
    pub maxima: &'n HashMap<String, i64>,
    /// Per dependence, whether it can connect two points of the domain.
    pub possible: Vec<bool>,
}

/// A loop's extent must be positive and its last index representable.
pub(super) fn check_loop_bounds(loops: &[NestLoop]) -> Result<(), ScheduleError> {
    for l in loops {
        if let Some(extent) = l.extent.as_const() {
            if extent <= 0 {
                return Err(ScheduleError::BadBounds {
                    name: l.name.clone(),
                    extent,
                });
            }
            Checked { transform: 0 }.add(l.min, extent, "a loop's min + extent")?;
        }
    }
    Ok(())
}

/// The nest as the transforms so far leave it, its coordinates in the
/// original loops' order.
pub(super) struct Projected {
    coords: Vec<Coordinate>,
    /// Per original loop, its coefficients over the coordinates.
    recover: Vec<Vec<i64>>,
    /// Per coordinate, its coefficients over the original loops.
    forward: Vec<Vec<i64>>,
    /// Per dependence, its distance over the coordinates.
    deltas: Vec<Vec<i64>>,
    previous_space: Option<Vec<String>>,
    /// The loops inside each PE (outermost first): those the first
    /// transform's space loops enclose.
    inside: Vec<String>,
    stretch: Option<Stretch>,
    check_time: bool,
    dataflow: bool,
    time_loops_made: usize,
}

impl Projected {
    /// The nest before any transform: each coordinate its loop.
    pub(super) fn new(nest: &Nest<'_>) -> Self {
        let n = nest.loops.len();
        Projected {
            coords: nest
                .loops
                .iter()
                .map(|l| Coordinate {
                    name: l.name.clone(),
                    min: l.min,
                    extent: l.extent.clone(),
                    max_extent: l.extent.eval(nest.maxima),
                    is_space: false,
                })
                .collect(),
            recover: (0..n).map(|v| unit(n, v)).collect(),
            forward: (0..n).map(|c| unit(n, c)).collect(),
            deltas: nest
                .dependences
                .iter()
                .map(|d| d.distance.clone())
                .collect(),
            previous_space: None,
            inside: Vec::new(),
            stretch: None,
            check_time: false,
            dataflow: true,
            time_loops_made: 0,
        }
    }

    /// Applies transform `index`, `t`: its space loops become PEs and, with
    /// a scheduling vector, the innermost loop outside them becomes the time
    /// coordinate `t = tau + sum(T_s * s)`; every dependence is checked
    /// against the new time.
    pub(super) fn apply(
        &mut self,
        nest: &Nest<'_>,
        index: usize,
        t: &TransformSpec,
    ) -> Result<(), ScheduleError> {
        self.check_time |= t.check_time;
        let m = t.space.len();
        let first = validate_space(
            index,
            t,
            &self.coords,
            self.previous_space.as_deref(),
            &self.inside,
        )?;
        if let Some(v) = &t.vector {
            if v.len() != m {
                return Err(ScheduleError::VectorLength {
                    transform: index,
                    expected: m,
                    got: v.len(),
                });
            }
        }
        self.inside = self.coords[first + m..]
            .iter()
            .map(|c| c.name.clone())
            .collect();
        for c in &mut self.coords {
            c.is_space = t.space.contains(&c.name) || self.inside.contains(&c.name);
        }
        self.previous_space = Some(t.space.clone());
        if first == 0 {
            if t.vector.is_some() {
                return Err(ScheduleError::NoTimeLoop { transform: index });
            }
            return Ok(());
        }
        let tau = first - 1;
        let Some(vector) = &t.vector else {
            return Ok(());
        };
        self.dataflow = false;
        let coefs: Vec<i64> = self
            .coords
            .iter()
            .map(|c| {
                t.space
                    .iter()
                    .position(|s| *s == c.name)
                    .map_or(0, |p| vector[p])
            })
            .collect();
        let k = Checked { transform: index };
        self.coords[tau] = self.time_coordinate(nest, &k, tau, &coefs)?;
        self.skew(&k, tau, &coefs)?;
        let loop_names: Vec<String> = nest.loops.iter().map(|l| l.name.clone()).collect();
        let checked: Vec<(usize, &DependenceSpec, &Vec<i64>)> = nest
            .dependences
            .iter()
            .zip(&self.deltas)
            .enumerate()
            .filter(|(d, _)| nest.possible[*d])
            .map(|(d, (spec, delta))| (d, spec, delta))
            .collect();
        check_dependences(
            index,
            &self.coords,
            &checked,
            tau,
            nest.func_names,
            &loop_names,
            &self.inside,
        )
    }

    /// The time coordinate that replaces `tau`: `tau + sum(T_s * s)` over
    /// the coordinates inside it, with exact bounds (the smallest time is a
    /// constant: symbolic loops have `T_s >= 0`). Records the longest
    /// stretch of time a space loop adds.
    fn time_coordinate(
        &mut self,
        nest: &Nest<'_>,
        k: &Checked,
        tau: usize,
        coefs: &[i64],
    ) -> Result<Coordinate, ScheduleError> {
        let bounds = "a time loop's bounds";
        let linear = |e: Option<Linear>| e.ok_or_else(|| k.err(bounds));
        let last_of =
            |c: &Coordinate| linear(c.min.checked_sub(1).and_then(|m| c.extent.add_const(m)));
        let mut lo = self.coords[tau].min;
        let mut hi = last_of(&self.coords[tau])?;
        let name = fresh_time_name(&mut self.time_loops_made, &self.coords, nest.loops);
        for (coord, t_s) in self.coords.iter().zip(coefs).skip(tau + 1) {
            let last = last_of(coord)?;
            let extent = coord.max_extent.unwrap_or(1);
            let span = t_s
                .saturating_abs()
                .saturating_mul(extent.saturating_sub(1));
            if *t_s != 0 && self.stretch.as_ref().is_none_or(|s| span > s.steps) {
                self.stretch = Some(Stretch {
                    transform: k.transform,
                    time: name.clone(),
                    space: coord.name.clone(),
                    extent,
                    coefficient: *t_s,
                    steps: span,
                });
            }
            let first = k.mul(*t_s, coord.min, bounds)?;
            if let Some(last) = last.as_const() {
                let last = k.mul(*t_s, last, bounds)?;
                lo = k.add(lo, first.min(last), bounds)?;
                hi = linear(hi.add_const(first.max(last)))?;
            } else if *t_s < 0 {
                return Err(ScheduleError::NegativeOnSymbolic {
                    transform: k.transform,
                    name: coord.name.clone(),
                    coefficient: *t_s,
                    extent: coord.extent.clone(),
                    param: coord.extent.params().next().unwrap_or("").to_string(),
                });
            } else {
                lo = k.add(lo, first, bounds)?;
                hi = linear(hi.add_scaled(&last, *t_s))?;
            }
        }
        let mut extent = linear(hi.add_const(k.add(k.mul(lo, -1, bounds)?, 1, bounds)?))?;
        let order = |p: &str| {
            nest.params
                .iter()
                .position(|q| q.name == p)
                .unwrap_or(usize::MAX)
        };
        extent.terms.sort_by_key(|(p, _)| order(p));
        // The array's verifier takes the extent at the declared maxima (a
        // parameter without one left out): it must fit 64 bits.
        let at_maxima = extent
            .terms
            .iter()
            .filter_map(|(p, c)| Some((*c, *nest.maxima.get(p)?)))
            .try_fold(extent.constant, |acc, (c, max)| {
                acc.checked_add(c.checked_mul(max)?)
            });
        if at_maxima.is_none() {
            return Err(k.err("a time loop's extent at the parameters' maxima"));
        }
        Ok(Coordinate {
            name,
            min: lo,
            max_extent: extent.eval(nest.maxima),
            extent,
            is_space: false,
        })
    }

    /// The recovery (`tau = t - sum(T_s * s)`), the forward map and the
    /// time distances after `tau` became the new time coordinate.
    fn skew(&mut self, k: &Checked, tau: usize, coefs: &[i64]) -> Result<(), ScheduleError> {
        let count = self.coords.len();
        for row in &mut self.recover {
            let r_tau = row[tau];
            for (r, t_s) in row.iter_mut().zip(coefs).skip(tau + 1) {
                *r = k.sub(*r, k.mul(r_tau, *t_s, "the recovery")?, "the recovery")?;
            }
        }
        let n = self.forward[tau].len();
        let mut updated = Vec::with_capacity(n);
        for (v, own) in self.forward[tau].iter().enumerate() {
            let skew = k.dot(
                (tau + 1..count).map(|c| (coefs[c], self.forward[c][v])),
                "the schedule",
            )?;
            updated.push(k.add(*own, skew, "the schedule")?);
        }
        self.forward[tau] = updated;
        for delta in &mut self.deltas {
            let skew = k.dot(
                (tau + 1..count).map(|c| (coefs[c], delta[c])),
                "a time distance",
            )?;
            delta[tau] = k.add(delta[tau], skew, "a time distance")?;
        }
        Ok(())
    }

    /// The schedule: the coordinates ordered time loops (outermost first),
    /// then space loops, with the flattened time, the dependences' time
    /// distances and the register files.
    pub(super) fn into_schedule(
        self,
        nest: &Nest<'_>,
        transforms: usize,
    ) -> Result<Schedule, ScheduleError> {
        let coords = &self.coords;
        let order: Vec<usize> = (0..coords.len())
            .filter(|&c| !coords[c].is_space)
            .chain((0..coords.len()).filter(|&c| coords[c].is_space))
            .collect();
        let reorder = |row: &Vec<i64>| order.iter().map(|&c| row[c]).collect::<Vec<i64>>();
        let coordinates: Vec<Coordinate> = order.iter().map(|&c| coords[c].clone()).collect();
        let recover: Vec<Vec<i64>> = self.recover.iter().map(reorder).collect();
        let forward: Vec<Vec<i64>> = order.iter().map(|&c| self.forward[c].clone()).collect();
        let deltas: Vec<Vec<i64>> = self.deltas.iter().map(reorder).collect();
        let k = Checked {
            transform: transforms.saturating_sub(1),
        };
        check_space_extents(&coordinates, k.transform)?;
        let strides = flattened_strides(&coordinates, |c| c.extent.as_const(), &k)?;
        let max_strides = flattened_strides(&coordinates, |c| c.max_extent, &k)?;
        let mut schedule = Schedule {
            coordinates,
            recover,
            // original = recover * coord + constant, where the identity held
            // at the original mins: no constant arises from integer skews.
            recover_constant: vec![0; nest.loops.len()],
            forward,
            strides,
            max_strides,
            check_time: self.check_time,
            dataflow: self.dataflow,
            dependences: Vec::new(),
            registers: Vec::new(),
            stretch: self.stretch,
            inside: self.inside,
        };
        for (spec, coordinates) in nest.dependences.iter().zip(deltas) {
            let projection = schedule.project(&spec.distance);
            schedule.dependences.push(Dependence {
                spec: spec.clone(),
                coordinates,
                flattened: projection.flattened,
                max_flattened: projection.max_flattened,
            });
        }
        schedule.registers =
            register_files(&schedule, nest.loops, &k, nest.func_names, nest.maxima)?;
        Ok(schedule)
    }
}
