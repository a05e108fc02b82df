//! The inputs of a generated program and the sizes a run gives them.
//!
//! An input is indexed by one or two loops, each index `loop - min +
//! offset`. A static input has exactly the extents its reads need (offset
//! 0), and some of its dimensions are read rotated, `(loop - min - r) mod
//! extent`: a quasi-affine index whose operand goes negative. A dynamic one (`memref<?x...>`) may read up to two elements further
//! along each dimension, and its run draws each size around what its reads
//! need: one short, exact, or larger. The fuzzer expects every mode to
//! refuse the run exactly when a read input is short (issue: inputs smaller
//! than the program reads), computed here from the generator's own indices,
//! independently of the compiler's analysis. Some two-dimensional inputs
//! are laid out in Halide's order.

use super::body::{Loop, Rng};

pub struct GenInput {
    /// The loop each dimension indexes.
    pub dims: Vec<usize>,
    /// What each dimension's index adds to `loop - min`.
    pub offsets: Vec<i64>,
    /// Per dimension of a static input: read rotated by this much (0: not).
    pub rotations: Vec<i64>,
    pub dynamic: bool,
    /// A two-dimensional input laid out in Halide's order (the first index
    /// contiguous).
    pub transposed: bool,
}

/// One or two inputs over `loops`.
pub fn draw_inputs(rng: &mut Rng, loops: &[Loop]) -> Vec<GenInput> {
    let n = loops.len();
    (0..rng.range(1, 2))
        .map(|_| {
            let first = rng.below(n as u64) as usize;
            let dims = if rng.chance(50) {
                let second = (first + 1 + rng.below(n as u64 - 1) as usize) % n;
                vec![first, second]
            } else {
                vec![first]
            };
            let dynamic = rng.chance(30);
            let offsets = dims
                .iter()
                .map(|_| if dynamic { rng.range(0, 2) } else { 0 })
                .collect();
            let rotations = dims
                .iter()
                .map(|&l| {
                    let extent = loops[l].extent;
                    if dynamic || extent < 2 || !rng.chance(20) {
                        0
                    } else {
                        rng.range(1, extent - 1)
                    }
                })
                .collect();
            GenInput {
                dims,
                offsets,
                rotations,
                dynamic,
                transposed: false,
            }
        })
        .collect()
}

impl GenInput {
    /// `ure.input @in<k> : memref<...>`.
    pub fn declaration(&self, k: usize, loops: &[Loop], ty: &str) -> String {
        let shape: Vec<String> = self
            .dims
            .iter()
            .map(|&l| {
                if self.dynamic {
                    "?".to_string()
                } else {
                    loops[l].extent.to_string()
                }
            })
            .collect();
        let layout = if self.transposed {
            ", affine_map<(d0, d1) -> (d1, d0)>"
        } else {
            ""
        };
        format!(
            "  ure.input @in{k} : memref<{}x{ty}{layout}>\n",
            shape.join("x")
        )
    }

    /// The indices of a load: `%l - min + offset` per dimension, or
    /// `(%l - min - r) mod extent` rotated.
    pub fn indices(&self, loops: &[Loop]) -> String {
        let idx: Vec<String> = self
            .dims
            .iter()
            .zip(&self.offsets)
            .zip(&self.rotations)
            .map(|((&l, &offset), &r)| {
                let c = offset - loops[l].min;
                let var = &loops[l].name;
                if r > 0 {
                    return format!("(%{var} - {}) mod {}", loops[l].min + r, loops[l].extent);
                }
                match c {
                    0 => format!("%{var}"),
                    c if c > 0 => format!("%{var} + {c}"),
                    c => format!("%{var} - {}", -c),
                }
            })
            .collect();
        idx.join(", ")
    }

    /// What each dimension needs: the loop's run extent plus the offset.
    fn needs(&self, loops: &[Loop], params: &[i64]) -> Vec<i64> {
        self.dims
            .iter()
            .zip(&self.offsets)
            .map(|(&l, &offset)| {
                let extent = match loops[l].param {
                    // The program has at most one parameter.
                    Some(_) => params[0],
                    None => loops[l].extent,
                };
                extent + offset
            })
            .collect()
    }
}

/// The shape of each input for the run, and whether a read input is too
/// small (then every mode must refuse the run).
pub fn draw_sizes(
    rng: &mut Rng,
    inputs: &[GenInput],
    loops: &[Loop],
    params: &[i64],
    read: &[bool],
) -> (Vec<Vec<usize>>, bool) {
    let mut short = false;
    let shapes = inputs
        .iter()
        .zip(read)
        .map(|(input, &is_read)| {
            if !input.dynamic {
                return input
                    .dims
                    .iter()
                    .map(|&l| loops[l].extent as usize)
                    .collect();
            }
            let needs = input.needs(loops, params);
            let mut sizes = needs.clone();
            match rng.below(10) {
                // One dimension one element short (never empty).
                0..=2 => {
                    let d = rng.below(sizes.len() as u64) as usize;
                    if sizes[d] > 1 {
                        sizes[d] -= 1;
                        short |= is_read;
                    }
                }
                // Exactly what the reads need.
                3..=5 => {}
                // More: the extra elements are not read.
                _ => {
                    for s in sizes.iter_mut() {
                        *s += rng.range(0, 2);
                    }
                }
            }
            sizes.iter().map(|&n| n as usize).collect()
        })
        .collect();
    (shapes, short)
}
