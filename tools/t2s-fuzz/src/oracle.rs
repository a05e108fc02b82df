//! The legality oracle: whether a generated schedule is legal, decided by
//! brute force over the program's small domain, independently of the
//! compiler's schedule arithmetic (docs/passes/space-time-transform.md and
//! the design document's rules).
//!
//! A chain of space-time transforms maps every point of the loop nest to
//! coordinates: the nest's loops (outermost first) at first, then, for each
//! transform with a scheduling vector `T` over its space loops `S`, the
//! loop `tau` immediately enclosing `S` becomes the time loop
//! `tau + sum(T_s * s)`. A transform is legal when, after it, every read
//! that connects two points of the domain reads a point whose time
//! coordinates (the non-space ones, outermost first) come lexicographically
//! before the reader's: computed before it, never in the same step (the
//! design's "T'd > 0", checked at each transform of a chain). A transform
//! without a vector (PEs driven by data) checks nothing. Loops inside the
//! space loops run inside each PE: they are no time, and a read in the same
//! step is legal when it moves along them only, to an earlier iteration
//! (the first non-zero distance over them, outermost first, positive). A negative
//! coefficient on a space loop of symbolic extent is illegal (time would
//! start at a point that depends on the parameter). Reads that never
//! connect two points of the domain (a distance at least the loop's
//! extent) are no dependence.

/// One generated schedule and what it schedules.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Per loop (declaration order): its extent (the max, for a parameter)
    /// and whether it is a parameter.
    pub extents: Vec<i64>,
    pub symbolic: Vec<bool>,
    /// The nest's loops, outermost first (loop indices).
    pub nest: Vec<usize>,
    /// The distance of every read of a Func (per loop, declaration order).
    pub reads: Vec<Vec<i64>>,
    /// The chain: each transform's space loops and its vector.
    pub transforms: Vec<(Vec<usize>, Option<Vec<i64>>)>,
}

/// The oracle's verdict on a schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Legal,
    Illegal(String),
    /// Legal, but its arithmetic may overflow 64 bits: a refusal is fine.
    TooLarge,
}

/// A linear form over the original loops (declaration order).
type Form = Vec<i128>;

/// Judges `spec` by enumerating the points of its domain.
pub fn judge(spec: &Spec) -> Verdict {
    let n = spec.extents.len();
    // Coordinates, outermost first, as forms over the loops.
    let mut coords: Vec<(usize, Form)> = spec
        .nest
        .iter()
        .map(|&l| {
            let mut form = vec![0i128; n];
            form[l] = 1;
            (l, form)
        })
        .collect();
    let mut time_extent_product_large = false;
    for (t, (space, vector)) in spec.transforms.iter().enumerate() {
        let Some(vector) = vector else {
            time_extent_product_large |= spans(spec, &unskewed_time(&coords, space)) > 1i128 << 60;
            continue;
        };
        for (s, c) in space.iter().zip(vector) {
            if *c < 0 && spec.symbolic[*s] {
                return Verdict::Illegal(format!(
                    "transform {t}: negative coefficient {c} on a loop of symbolic extent"
                ));
            }
        }
        // The coordinate immediately enclosing the space loops.
        let first = coords
            .iter()
            .position(|(l, _)| space.contains(l))
            .expect("the generator keeps space loops consecutive");
        if first == 0 {
            return Verdict::Illegal(format!("transform {t}: no time loop"));
        }
        let tau = first - 1;
        // The coordinates inside the space loops run inside each PE.
        let inside: Vec<usize> = coords[first + space.len()..]
            .iter()
            .map(|(l, _)| *l)
            .collect();
        for (s, c) in space.iter().zip(vector) {
            let form = coords
                .iter()
                .find(|(l, _)| l == s)
                .expect("a loop")
                .1
                .clone();
            for (x, y) in coords[tau].1.iter_mut().zip(&form) {
                *x += i128::from(*c) * y;
            }
        }
        // The coordinate keeps no loop identity once it is time.
        coords[tau].0 = usize::MAX;
        let time: Vec<&Form> = coords
            .iter()
            .filter(|(l, _)| !space.contains(l) && !inside.contains(l))
            .map(|(_, f)| f)
            .collect();
        let same_step = |d: &[i64]| {
            space.iter().all(|s| d[*s] == 0)
                && inside
                    .iter()
                    .map(|l| d[*l])
                    .find(|x| *x != 0)
                    .is_some_and(|x| x > 0)
        };
        if let Some(reason) = violated(spec, &time, same_step) {
            return Verdict::Illegal(format!("transform {t}: {reason}"));
        }
        time_extent_product_large |= spans(spec, &time) > 1i128 << 60;
    }
    if time_extent_product_large {
        Verdict::TooLarge
    } else {
        Verdict::Legal
    }
}

/// The time coordinates a transform without a vector leaves: no skew, but
/// the loops it leaves out of space (outside its space loops) are time now.
fn unskewed_time<'f>(coords: &'f [(usize, Form)], space: &[usize]) -> Vec<&'f Form> {
    let first = coords.iter().position(|(l, _)| space.contains(l));
    let within = first.map_or(0, |f| f + space.len());
    coords[..within.min(coords.len())]
        .iter()
        .filter(|(l, _)| !space.contains(l))
        .map(|(_, f)| f)
        .collect()
}

/// The first read (of every point) whose source does not come before its
/// reader in `time` (nor in the same step where `same_step` takes the
/// distance), if any.
fn violated(spec: &Spec, time: &[&Form], same_step: impl Fn(&[i64]) -> bool) -> Option<String> {
    let points = domain(&spec.extents);
    for d in &spec.reads {
        for p in &points {
            let q: Vec<i64> = p.iter().zip(d).map(|(x, y)| x - y).collect();
            if q.iter().zip(&spec.extents).any(|(x, e)| *x < 0 || x >= e) {
                continue;
            }
            let at = |point: &[i64]| -> Vec<i128> {
                time.iter()
                    .map(|f| f.iter().zip(point).map(|(c, x)| c * i128::from(*x)).sum())
                    .collect()
            };
            let (before, now) = (at(&q), at(p));
            if before > now || (before == now && !same_step(d)) {
                return Some(format!(
                    "the read at distance {d:?} from {p:?} is not before it"
                ));
            }
        }
    }
    None
}

/// Every point of the box `[0, extent)` per loop (the loops' mins shift
/// every coordinate alike, so the box from 0 decides the same).
fn domain(extents: &[i64]) -> Vec<Vec<i64>> {
    let mut points = vec![Vec::new()];
    for &e in extents {
        points = points
            .into_iter()
            .flat_map(|p| {
                (0..e).map(move |x| {
                    let mut q = p.clone();
                    q.push(x);
                    q
                })
            })
            .collect();
    }
    points
}

/// The product of the time coordinates' spans over the box.
fn spans(spec: &Spec, time: &[&Form]) -> i128 {
    time.iter()
        .map(|f| {
            f.iter()
                .zip(&spec.extents)
                .map(|(c, e)| c.abs() * i128::from(e - 1))
                .sum::<i128>()
                + 1
        })
        .fold(1i128, |a, b| a.saturating_mul(b))
}

/// Whether a diagnostic is a refusal of the schedule itself (the errors of
/// the schedule arithmetic, `t2s_model::spacetime::ScheduleError`).
pub fn is_schedule_error(diagnostic: &str) -> bool {
    [
        "does not respect the dependence",
        "is negative, and its extent",
        "overflows 64-bit integers",
        "space loops must be consecutive",
        "must be a proper subset",
        "the scheduling vector has",
        "there is no time loop to schedule",
        "space loops are unrolled into PEs",
    ]
    .iter()
    .any(|m| diagnostic.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(reads: Vec<Vec<i64>>, vector: Vec<i64>) -> Spec {
        // Loops (i, j, k), declaration order, extents 3; the nest is
        // (k, j, i) outermost first; space (i, j).
        Spec {
            extents: vec![3, 3, 3],
            symbolic: vec![false, false, false],
            nest: vec![2, 1, 0],
            reads,
            transforms: vec![(vec![0, 1], Some(vector))],
        }
    }

    #[test]
    fn gemm_is_legal_with_a_skew_and_illegal_without() {
        // a(i, j - 1), b(i - 1, j), c(k - 1): t = k + i + j respects all.
        let reads = vec![vec![0, 1, 0], vec![1, 0, 0], vec![0, 0, 1]];
        assert_eq!(judge(&spec(reads.clone(), vec![1, 1])), Verdict::Legal);
        // t = k: a(i, j - 1) is read in the same step.
        assert!(matches!(
            judge(&spec(reads, vec![0, 0])),
            Verdict::Illegal(_)
        ));
    }

    #[test]
    fn a_negative_coefficient_is_legal_when_an_outer_time_loop_carries() {
        // Only c(k - 1): t = k - i still puts k - 1 first.
        let reads = vec![vec![0, 0, 1]];
        assert_eq!(judge(&spec(reads, vec![-1, 0])), Verdict::Legal);
        // a(i - 1) at t = k - i is read one step later: illegal.
        assert!(matches!(
            judge(&spec(vec![vec![1, 0, 0]], vec![-1, 0])),
            Verdict::Illegal(_)
        ));
    }

    #[test]
    fn reads_outside_the_domain_are_no_dependence() {
        // i - 3 on a loop of extent 3 never connects two points.
        assert_eq!(
            judge(&spec(vec![vec![3, 0, 0]], vec![-1, 0])),
            Verdict::Legal
        );
    }

    #[test]
    fn negative_coefficients_on_symbolic_loops_are_illegal() {
        let mut s = spec(vec![vec![0, 0, 1]], vec![-1, 0]);
        s.symbolic[0] = true;
        assert!(matches!(judge(&s), Verdict::Illegal(_)));
    }

    #[test]
    fn loops_inside_the_pe_take_same_step_reads_of_earlier_iterations() {
        // Space (j) with i inside the PE; t = k + j.
        let mut s = spec(vec![vec![1, 0, 0]], vec![1]);
        s.transforms = vec![(vec![1], Some(vec![1]))];
        assert_eq!(judge(&s), Verdict::Legal);
        // j - 1 with t = k: the same step, along a space loop.
        s.reads = vec![vec![0, 1, 0]];
        s.transforms = vec![(vec![1], Some(vec![0]))];
        assert!(matches!(judge(&s), Verdict::Illegal(_)));
        // Without i inside (space (j, i)) the same-step read of i - 1 is
        // illegal.
        s.reads = vec![vec![1, 0, 0]];
        s.transforms = vec![(vec![0, 1], Some(vec![0, 0]))];
        assert!(matches!(judge(&s), Verdict::Illegal(_)));
    }
}
