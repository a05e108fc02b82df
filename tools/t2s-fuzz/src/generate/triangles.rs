//! Now and then triangular bounds (T2S's `set_bounds(j, k, SIZE - k)`):
//! one loop's min or extent names a loop bounded before it, written so that
//! the box around the domain is the loops' rectangle. What the rest of the
//! generator knows (extents, reads, inputs, the legality oracle) stays
//! true of the nest `merge-ures` builds; the output is then stored only in
//! the triangle.

use super::body::{Loop, Rng};

/// The program's `ure.set_bounds` line and its replacement, a comment that
/// says so and the line with one loop made triangular; or
/// `None` (most programs, and any with a `ure.split`, which needs
/// rectangular loops).
pub fn triangular_bounds(rng: &mut Rng, loops: &[Loop], text: &str) -> Option<(String, String)> {
    if loops.len() < 2 || text.contains("ure.split") || !rng.chance(15) {
        return None;
    }
    let x = rng.range(1, loops.len() as i64 - 1) as usize;
    let y = rng.range(0, x as i64 - 1) as usize;
    let upper = rng.chance(50);
    let old = set_bounds_line(loops, None);
    let new = format!(
        "  // triangular bounds ({}): {} bounded by {}\n{}",
        if upper { "upper" } else { "lower" },
        loops[x].name,
        loops[y].name,
        set_bounds_line(loops, Some((x, y, upper)))
    );
    Some((old, new))
}

/// `  ure.set_bounds @f0 (...)`; loop `x` bounded by loop `y` where given:
/// upper, `x` from `y` on (min `m - my + y`, extent `E + my - y`), or
/// lower, `x` up to `y` (extent `E - Ey + 1 - my + y`). Either way `x`
/// spans `[m, m + E)` over `y`'s range.
fn set_bounds_line(loops: &[Loop], triangle: Option<(usize, usize, bool)>) -> String {
    let extent = |l: &Loop| match &l.param {
        Some(p) => format!("@{p}"),
        None => l.extent.to_string(),
    };
    let bounds: Vec<String> = loops
        .iter()
        .enumerate()
        .map(|(i, l)| match triangle {
            Some((x, y, upper)) if x == i => {
                let outer = &loops[y];
                let (name, my) = (&outer.name, outer.min);
                if upper {
                    format!(
                        "{} = {} + {name} extent {}{} - {name}",
                        l.name,
                        l.min - my,
                        extent(l),
                        signed(my)
                    )
                } else {
                    format!(
                        "{} = {} extent {} - {}{} + {name}",
                        l.name,
                        l.min,
                        extent(l),
                        extent(outer),
                        signed(1 - my)
                    )
                }
            }
            _ => format!("{} = {} extent {}", l.name, l.min, extent(l)),
        })
        .collect();
    format!("  ure.set_bounds @f0 ({})\n", bounds.join(", "))
}

/// ` + 3`, ` - 2`, or nothing for 0.
fn signed(value: i64) -> String {
    match value {
        0 => String::new(),
        v if v < 0 => format!(" - {}", v.unsigned_abs()),
        v => format!(" + {v}"),
    }
}
