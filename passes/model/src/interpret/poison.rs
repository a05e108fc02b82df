//! Where a poison that reaches the output came from: walked back through
//! the operands that made it poison and through the Funcs that stored it,
//! to the read (or op) that made it.

use super::*;

impl Machine<'_> {
    pub(super) fn poison_error(
        &self,
        f: usize,
        node: NodeId,
        point: &[i64],
        scratch: &Scratch,
    ) -> InterpretError {
        let (cause, read_at) = self.poison_cause(f, node, scratch);
        InterpretError::PoisonInOutput {
            func: self.program.funcs[f].name.clone(),
            point: self.named_point(point),
            cause: Box::new(cause),
            read_at,
        }
    }

    /// Walks back from the poison value of `node` through operands that made
    /// it poison, and through the Funcs that stored it, and describes the
    /// poison it started from and where (`file:line:col`, or empty).
    pub(super) fn poison_cause(
        &self,
        f: usize,
        node: NodeId,
        scratch: &Scratch,
    ) -> (PoisonCause, String) {
        let nodes = &self.program.funcs[f].body.nodes;
        let vals = &scratch.vals;
        let poisoned = |m: NodeId| vals[m] == Value::Poison;
        let mut n = node;
        loop {
            let next = match &nodes[n] {
                Node::Unary { a, .. } | Node::Cast { a, .. } => Some(*a).filter(|&a| poisoned(a)),
                Node::Math { args, .. } => args.iter().copied().find(|&m| poisoned(m)),
                Node::Binary { a, b, .. } | Node::Cmp { a, b, .. } => {
                    [*a, *b].into_iter().find(|&m| poisoned(m))
                }
                Node::Select { cond, a, b, .. } => {
                    let chosen = match vals[*cond] {
                        Value::Poison => *cond,
                        Value::Int(0) => *b,
                        _ => *a,
                    };
                    Some(chosen).filter(|&m| poisoned(m))
                }
                _ => None,
            };
            match next {
                Some(m) => n = m,
                None => {
                    if let Some(origin) = self.stored_origin(&nodes[n], &scratch.args) {
                        return origin.clone();
                    }
                    let source = self.program.funcs[f].body.sources.get(n).cloned();
                    return (
                        self.leaf_cause(n, &nodes[n], &scratch.args),
                        source.unwrap_or_default(),
                    );
                }
            }
        }
    }

    /// Where the poison a Func read returns was stored from, when it was.
    fn stored_origin(&self, node: &Node, args: &[i64]) -> Option<&(PoisonCause, String)> {
        let Node::FuncRef {
            func,
            result,
            indices,
        } = node
        else {
            return None;
        };
        let offset = self.func_offset(*func, indices, args)?;
        self.origins.get(&(*func, *result, offset))
    }

    fn leaf_cause(&self, n: NodeId, node: &Node, args: &[i64]) -> PoisonCause {
        let index = |indices: &[Affine]| -> Vec<i64> {
            indices
                .iter()
                .map(|a| saturate(eval_affine(a, args)))
                .collect()
        };
        match node {
            Node::FuncRef { func, indices, .. } => {
                let callee = &self.program.funcs[*func];
                let name = callee.name.clone();
                let vars: Vec<String> = callee
                    .lhs
                    .iter()
                    .filter_map(|&v| callee.vars.get(v).cloned())
                    .collect();
                if self.func_offset(*func, indices, args).is_none() {
                    PoisonCause::OutsideDomain {
                        func: name,
                        vars,
                        index: index(indices),
                    }
                } else {
                    PoisonCause::PoisonStored {
                        func: name,
                        vars,
                        index: index(indices),
                    }
                }
            }
            Node::InputRead { input, indices } => PoisonCause::InputOutOfBounds {
                input: self.program.inputs[*input].name.clone(),
                index: indices.iter().map(|q| saturate(q.eval(args))).collect(),
            },
            Node::Const(..) => PoisonCause::Constant { node: n },
            Node::Binary { .. } => PoisonCause::Operation {
                node: n,
                reason: "shift amount not less than the bit width",
            },
            Node::Cast { .. } => PoisonCause::Operation {
                node: n,
                reason: "float to integer conversion out of range",
            },
            _ => PoisonCause::Operation {
                node: n,
                reason: "poison",
            },
        }
    }
}
