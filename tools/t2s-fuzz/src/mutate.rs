//! Mutants of the shipped examples: random edits of their text (numbers,
//! names, lines, characters), most of them invalid. Whatever they are, t2s
//! must answer with a result or a diagnostic.

use std::path::Path;
use t2s_model::random::SplitMix64;

/// The text of every `.mlir` under `dir` (examples and examples/systolic).
pub fn load_examples(dir: &Path) -> Vec<String> {
    let mut texts = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "mlir") {
                if let Ok(t) = std::fs::read_to_string(&p) {
                    texts.push(t);
                }
            }
        }
    }
    if texts.is_empty() {
        texts.push("ure.program @empty {\n}\n".to_string());
    }
    texts
}

const NUMBERS: [&str; 14] = [
    "0",
    "1",
    "-1",
    "2",
    "3",
    "7",
    "64",
    "-8",
    "2147483648",
    "1099511627776",
    "4611686018427387903",
    "9223372036854775807",
    "-9223372036854775808",
    "100000",
];
const TOKENS: [&str; 12] = [
    "@a",
    "@out",
    "%i",
    "%k",
    "i",
    "k",
    "check_time",
    "vector [2, -3]",
    "(",
    "}",
    ":",
    "i65",
];

pub fn mutant(examples: &[String], id: u64) -> String {
    let mut rng = SplitMix64::new(id.wrapping_mul(0x2545_f491).wrapping_add(3));
    let mut below = |n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
    let mut text = examples[below(examples.len())].clone();
    for _ in 0..1 + below(3) {
        let lines: Vec<&str> = text.lines().collect();
        let line = below(lines.len());
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        match below(6) {
            // Replace a number.
            0 | 1 => {
                let positions: Vec<usize> = out[line]
                    .char_indices()
                    .filter(|(i, c)| {
                        c.is_ascii_digit()
                            && (*i == 0 || !out[line].as_bytes()[i - 1].is_ascii_alphanumeric())
                    })
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&start) = positions.get(below(positions.len().max(1))) {
                    let end = out[line][start..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(out[line].len(), |e| start + e);
                    out[line].replace_range(start..end, NUMBERS[below(NUMBERS.len())]);
                }
            }
            // Delete or duplicate a line.
            2 => {
                out.remove(line);
            }
            3 => {
                let copy = out[line].clone();
                out.insert(line, copy);
            }
            // Insert a token, or delete a character.
            4 => {
                let at = below(out[line].len() + 1);
                if out[line].is_char_boundary(at) {
                    out[line].insert_str(at, TOKENS[below(TOKENS.len())]);
                }
            }
            _ => {
                let at = below(out[line].len());
                if out[line].is_char_boundary(at) && at < out[line].len() {
                    out[line].remove(at);
                }
            }
        }
        text = out.join("\n");
        text.push('\n');
    }
    text
}
