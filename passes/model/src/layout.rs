//! The memory order of a buffer's dimensions: which index is contiguous.
//!
//! A t2s buffer is indexed in the order its indices are written
//! (`A(k, i)`); its layout says how those logical indices are laid out in
//! memory. The default is row-major (the last index contiguous, C order,
//! MLIR's identity layout). Halide, and so T2S, store the *first* index
//! contiguously: `A(total_k, total_i)` is a layout whose memory order is
//! `(i, k)`. In the IR a layout is a permutation map,
//! `affine_map<(d0, d1) -> (d1, d0)>`, whose results list the logical
//! dimensions from the slowest to the fastest varying in memory.
//!
//! The buffer a compiled program takes is the *physical* one: a row-major
//! array whose dimensions are the logical ones in memory order (what MLIR's
//! `normalize-memrefs` makes of such a memref). [`Layout::physical`] maps
//! logical shapes and indices to it.

use crate::interpret::Buffer;

/// A permutation of a buffer's dimensions: `order[p]` is the logical
/// dimension at position `p` of memory order (slowest first). Empty for
/// row-major of any rank.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layout {
    order: Vec<usize>,
}

impl Layout {
    /// Row-major: the last index contiguous.
    pub fn row_major() -> Self {
        Layout::default()
    }

    /// Halide's order for `rank` dimensions: the first index contiguous.
    pub fn halide(rank: usize) -> Self {
        Layout::from_order((0..rank).rev().collect()).expect("a permutation")
    }

    /// The layout of memory order `order` (slowest first); `None` unless it
    /// is a permutation of `0..order.len()`. The identity is row-major.
    pub fn from_order(order: Vec<usize>) -> Option<Self> {
        let mut seen = vec![false; order.len()];
        for &d in &order {
            if d >= order.len() || std::mem::replace(&mut seen[d], true) {
                return None;
            }
        }
        let identity = order.iter().enumerate().all(|(p, &d)| p == d);
        Some(if identity {
            Layout::row_major()
        } else {
            Layout { order }
        })
    }

    pub fn is_row_major(&self) -> bool {
        self.order.is_empty()
    }

    /// Whether the layout fits a buffer of `rank` dimensions.
    pub fn fits(&self, rank: usize) -> bool {
        self.is_row_major() || self.order.len() == rank
    }

    /// The memory order of `rank` dimensions, slowest first.
    pub fn order(&self, rank: usize) -> Vec<usize> {
        if self.is_row_major() {
            (0..rank).collect()
        } else {
            self.order.clone()
        }
    }

    /// The logical items (a shape, indices) in memory order: the physical
    /// buffer's shape, or the indices of an element in it.
    pub fn physical<T: Clone>(&self, logical: &[T]) -> Vec<T> {
        self.order(logical.len())
            .iter()
            .map(|&d| logical[d].clone())
            .collect()
    }

    /// The position in memory order of logical dimension `dim`.
    pub fn position(&self, dim: usize) -> usize {
        self.order.iter().position(|&d| d == dim).unwrap_or(dim)
    }

    /// The logical dimension stored contiguously in a buffer of `rank`.
    pub fn contiguous_dim(&self, rank: usize) -> Option<usize> {
        self.order(rank).last().copied()
    }

    /// The layout as MLIR writes it: `affine_map<(d0, d1) -> (d1, d0)>`.
    pub fn to_affine_map(&self, rank: usize) -> String {
        let dims: Vec<String> = (0..rank).map(|d| format!("d{d}")).collect();
        let results: Vec<String> = self.order(rank).iter().map(|d| format!("d{d}")).collect();
        format!(
            "affine_map<({}) -> ({})>",
            dims.join(", "),
            results.join(", ")
        )
    }

    /// The physical buffer of a logical one: the same elements, row-major
    /// over the dimensions in memory order.
    pub fn to_physical(&self, logical: &Buffer) -> Buffer {
        if self.is_row_major() {
            return logical.clone();
        }
        let shape = self.physical(&logical.shape);
        let data = permuted_positions(&logical.shape, &self.order)
            .into_iter()
            .map(|from| logical.data[from])
            .collect();
        Buffer {
            elem: logical.elem,
            shape,
            data,
        }
    }

    /// The logical buffer of a physical one ([`Layout::to_physical`]'s
    /// inverse); `logical_shape` is its shape.
    pub fn to_logical(&self, physical: &Buffer) -> Buffer {
        if self.is_row_major() {
            return physical.clone();
        }
        let mut logical_shape = vec![0; physical.shape.len()];
        for (p, &d) in self.order.iter().enumerate() {
            logical_shape[d] = physical.shape[p];
        }
        let mut data = physical.data.clone();
        for (to, from) in permuted_positions(&logical_shape, &self.order)
            .into_iter()
            .enumerate()
        {
            data[from] = physical.data[to];
        }
        Buffer {
            elem: physical.elem,
            shape: logical_shape,
            data,
        }
    }
}

/// For each element of the physical buffer, in its row-major order, the
/// row-major position of the same element in the logical buffer of `shape`.
fn permuted_positions(shape: &[usize], order: &[usize]) -> Vec<usize> {
    let strides = crate::interpret::row_major_strides(shape);
    let count: usize = shape.iter().product();
    let physical_shape: Vec<usize> = order.iter().map(|&d| shape[d]).collect();
    let mut index = vec![0usize; shape.len()];
    let mut positions = Vec::with_capacity(count);
    for _ in 0..count {
        positions.push(index.iter().zip(order).map(|(&i, &d)| i * strides[d]).sum());
        // The next physical index, the last dimension fastest.
        for p in (0..index.len()).rev() {
            index[p] += 1;
            if index[p] < physical_shape[p] {
                break;
            }
            index[p] = 0;
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ScalarType;

    fn iota(shape: &[usize]) -> Buffer {
        let n: usize = shape.iter().product();
        let values: Vec<i64> = (0..n as i64).collect();
        Buffer::from_i64(ScalarType::Int(32), shape, &values).unwrap()
    }

    #[test]
    fn halide_order_makes_the_first_index_contiguous() {
        let layout = Layout::halide(2);
        // A(k, i) of shape [2, 3]: element (k, i) holds 3k + i.
        let physical = layout.to_physical(&iota(&[2, 3]));
        assert_eq!(physical.shape, vec![3, 2]);
        let want: Vec<i64> = vec![0, 3, 1, 4, 2, 5];
        let got: Vec<i64> = physical
            .data
            .iter()
            .map(|v| match v {
                crate::Value::Int(x) => *x,
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(got, want);
        assert_eq!(layout.to_logical(&physical), iota(&[2, 3]));
    }

    #[test]
    fn a_three_dimensional_permutation_round_trips() {
        let layout = Layout::from_order(vec![1, 2, 0]).unwrap();
        let logical = iota(&[2, 3, 4]);
        let physical = layout.to_physical(&logical);
        assert_eq!(physical.shape, vec![3, 4, 2]);
        // Element (a, b, c) is at physical (b, c, a).
        let at = |a: usize, b: usize, c: usize| physical.get(&[b, c, a]);
        assert_eq!(at(1, 2, 3), logical.get(&[1, 2, 3]));
        assert_eq!(at(0, 1, 2), logical.get(&[0, 1, 2]));
        assert_eq!(layout.to_logical(&physical), logical);
        assert_eq!(layout.position(0), 2);
        assert_eq!(layout.contiguous_dim(3), Some(0));
    }

    #[test]
    fn only_permutations_are_layouts_and_the_identity_is_row_major() {
        assert!(Layout::from_order(vec![0, 0]).is_none());
        assert!(Layout::from_order(vec![0, 2]).is_none());
        assert!(Layout::from_order(vec![0, 1, 2]).unwrap().is_row_major());
        assert_eq!(
            Layout::halide(2).to_affine_map(2),
            "affine_map<(d0, d1) -> (d1, d0)>"
        );
    }
}
