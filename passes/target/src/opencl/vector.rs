//! `vector` ops and constants. Lanes are numbered row-major over the
//! vector's shape (a `vector<4x16xf32>` is `float_4x16`, lane `16 i + j`);
//! ops that move lanes fill the result with a `#pragma unroll` loop.

use super::arith::{literal_float, literal_int};
use super::body::{fail, linear, Body, Memory};
use super::types::CType;
use melior::ir::{
    operation::{OperationLike, OperationRef},
    Attribute, ValueLike,
};
use t2s_ir::handle::AsVal;
use t2s_ir::ir;
use t2s_ir::ods;
use t2s_ir::pass::Failed;

/// MLIR's marker of a dynamic position in `static_position`.
const DYNAMIC: i64 = i64::MIN;

/// The C text of a constant of type `ty`.
pub fn constant_text(
    op: &OperationRef<'_, '_>,
    ty: &CType,
    value: Attribute<'_>,
) -> Result<String, Failed> {
    if !ty.is_vector() {
        return scalar_text(op, ty, value);
    }
    if t2s_ir::types::is_splat(value) {
        let splat = t2s_ir::types::dense_elements(value, &[1])
            .and_then(|e| e.first().copied())
            .ok_or_else(|| fail(op, "a vector constant that is not dense"))?;
        let v = scalar_text(op, ty, splat)?;
        if ty.is_native() {
            return Ok(format!("({})({v})", ty.name()));
        }
        return Ok(format!(
            "{{{{{}}}}}",
            vec![v; ty.lanes() as usize].join(", ")
        ));
    }
    let lanes: Vec<String> = t2s_ir::types::dense_elements(value, &ty.shape)
        .ok_or_else(|| fail(op, "a vector constant that is not dense"))?
        .into_iter()
        .map(|e| scalar_text(op, ty, e))
        .collect::<Result<_, _>>()?;
    Ok(if ty.is_native() {
        format!("({})({})", ty.name(), lanes.join(", "))
    } else {
        format!("{{{{{}}}}}", lanes.join(", "))
    })
}

fn scalar_text(
    op: &OperationRef<'_, '_>,
    ty: &CType,
    value: Attribute<'_>,
) -> Result<String, Failed> {
    if let Some(i) = t2s_ir::types::int_value(value) {
        return Ok(literal_int(ty.scalar, i));
    }
    if let Some(f) = t2s_ir::types::float_value(value) {
        return Ok(literal_float(ty.scalar, f));
    }
    Err(fail(
        op,
        "a constant that is neither an integer nor a float",
    ))
}

impl Body<'_> {
    pub fn vector(&mut self, op: &OperationRef<'_, '_>, name: &str) -> Result<(), Failed> {
        t2s_ir::op_match!(name, {
            ods::vector::BroadcastOperation => self.broadcast(op),
            ods::vector::ExtractOperation => self.extract(op),
            ods::vector::InsertOperation => self.insert(op),
            ods::vector::FromElementsOperation => {
                let elements: Vec<String> = (0..op.operand_count())
                    .map(|i| self.operand(op, i))
                    .collect::<Result<_, _>>()?;
                self.define_lanes_static(op, &elements)
            },
            ods::vector::ShapeCastOperation => {
                let (src, st) = (self.operand(op, 0)?, self.operand_type(op, 0)?);
                self.define_lanes(op, |l| st.lane(&src, l))?;
                Ok(())
            },
            ods::vector::ShuffleOperation => self.shuffle(op),
            ods::vector::TransposeOperation => self.transpose(op),
            ods::vector::StepOperation => {
                self.define_lanes(op, |l| format!("(long){l}"))?;
                Ok(())
            },
            ods::vector::FMAOperation => {
                let names: Vec<String> = (0..3).map(|i| self.operand(op, i)).collect::<Result<_, _>>()?;
                let t = self.operand_type(op, 0)?;
                self.define_lanes(op, |l| {
                    format!("fma({}, {}, {})", t.lane(&names[0], l), t.lane(&names[1], l), t.lane(&names[2], l))
                })?;
                Ok(())
            },
            ods::vector::LoadOperation => self.load(op, 0, 1, op.operand_count(), None),
            ods::vector::MaskedLoadOperation => {
                let n = op.operand_count();
                self.load(op, 0, 1, n - 2, Some((n - 2, n - 1)))
            },
            ods::vector::StoreOperation => self.store(op, 0, 1, 2, op.operand_count(), None),
            ods::vector::MaskedStoreOperation => {
                let n = op.operand_count();
                self.store(op, n - 1, 0, 1, n - 2, Some(n - 2))
            },
            ods::vector::GatherOperation => self.gather(op),
            ods::vector::ScatterOperation => self.scatter(op),
            ods::vector::ReductionOperation => self.reduction(op),
            ods::vector::ToElementsOperation => {
                // Each result is a lane, in row-major order.
                let src = self.operand(op, 0)?;
                let st = self.operand_type(op, 0)?;
                for i in 0..op.result_count() {
                    self.define(op, i, st.lane(&src, &i.to_string()))?;
                }
                Ok(())
            },
            _ => { let n: &str = name; Err(fail(op, format!("'{n}' has no OpenCL C form yet (docs/backends.md lists the vector ops t2s-to-opencl takes)"))) },
        })
    }

    /// A vector whose lanes are the C expressions `lanes`.
    fn define_lanes_static(
        &mut self,
        op: &OperationRef<'_, '_>,
        lanes: &[String],
    ) -> Result<(), Failed> {
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let ty = self.ctype(op, result.r#type())?;
        if ty.is_native() {
            return self.define(op, 0, format!("({})({})", ty.name(), lanes.join(", ")));
        }
        let name = self.fresh("v");
        self.w.line(format!("{} {name};", ty.name()));
        for (i, lane) in lanes.iter().enumerate() {
            self.w
                .line(format!("{} = {lane};", ty.lane(&name, &i.to_string())));
        }
        self.bind(result.into(), name);
        Ok(())
    }

    fn broadcast(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let src = self.operand(op, 0)?;
        let st = self.operand_type(op, 0)?;
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let rt = self.ctype(op, result.r#type())?;
        if !st.is_vector() {
            if rt.is_native() {
                return self.define(op, 0, format!("({})({src})", rt.name()));
            }
            self.define_lanes(op, |_| src.clone())?;
            return Ok(());
        }
        // Source dims align with the result's trailing dims; a source dim
        // of 1 repeats along the result's.
        let lead = rt.shape.len() - st.shape.len();
        let source_lane = |l: &str| -> String {
            let mut terms = Vec::new();
            let mut src_stride = 1;
            for d in (0..st.shape.len()).rev() {
                let rd = lead + d;
                let r_stride: i64 = rt.shape[rd + 1..].iter().product();
                if st.shape[d] != 1 {
                    terms.push(format!(
                        "({l} / {r_stride} % {}) * {src_stride}",
                        rt.shape[rd]
                    ));
                }
                src_stride *= st.shape[d];
            }
            if terms.is_empty() {
                "0".into()
            } else {
                terms.join(" + ")
            }
        };
        self.define_lanes(op, |l| st.lane(&src, &source_lane(l)))?;
        Ok(())
    }

    /// The flat offset of `position` (static, with dynamic operands from
    /// `first_dynamic`) in a vector of type `ty`, and the lanes it spans.
    fn position(
        &self,
        op: &OperationRef<'_, '_>,
        ty: &CType,
        first_dynamic: usize,
    ) -> Result<(String, i64), Failed> {
        let statics = ir::i64s(op, "static_position");
        let mut dynamic = first_dynamic;
        let mut terms = Vec::new();
        for (d, p) in statics.iter().enumerate() {
            let stride: i64 = ty.shape[d + 1..].iter().product();
            let index = if *p == DYNAMIC {
                dynamic += 1;
                format!("(int){}", self.operand(op, dynamic - 1)?)
            } else {
                p.to_string()
            };
            terms.push(if stride == 1 {
                index
            } else {
                format!("{index} * {stride}")
            });
        }
        let span: i64 = ty.shape[statics.len()..].iter().product();
        Ok((
            if terms.is_empty() {
                "0".into()
            } else {
                terms.join(" + ")
            },
            span,
        ))
    }

    fn extract(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let src = self.operand(op, 0)?;
        let st = self.operand_type(op, 0)?;
        let (offset, span) = self.position(op, &st, 1)?;
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        if !self.ctype(op, result.r#type())?.is_vector() {
            return self.define(op, 0, st.lane(&src, &offset));
        }
        let _ = span;
        self.define_lanes(op, |l| st.lane(&src, &format!("{offset} + {l}")))?;
        Ok(())
    }

    fn insert(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let value = self.operand(op, 0)?;
        let vt = self.operand_type(op, 0)?;
        let dest = self.operand(op, 1)?;
        let dt = self.operand_type(op, 1)?;
        let (offset, span) = self.position(op, &dt, 2)?;
        let name = self.fresh("v");
        self.w.line(format!("{} {name} = {dest};", dt.name()));
        if vt.is_vector() {
            self.w.line("#pragma unroll");
            self.w.line(format!(
                "for (int _l = 0; _l < {span}; ++_l) {} = {};",
                dt.lane(&name, &format!("{offset} + _l")),
                vt.lane(&value, "_l")
            ));
        } else {
            self.w
                .line(format!("{} = {value};", dt.lane(&name, &offset)));
        }
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        self.bind(result.into(), name);
        Ok(())
    }

    /// `vector.transpose`: result dimension `d` is source dimension
    /// `permutation[d]`.
    fn transpose(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let (src, st) = (self.operand(op, 0)?, self.operand_type(op, 0)?);
        let permutation = ir::i64s(op, "permutation");
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let shape = self.ctype(op, result.r#type())?.shape;
        if permutation.len() != shape.len() || st.shape.len() != shape.len() {
            return Err(fail(
                op,
                "a transpose whose permutation does not match its shapes",
            ));
        }
        let lanes: Vec<String> = (0..t2s_ir::lanes::count(&shape))
            .map(|l| {
                let at = t2s_ir::lanes::unflatten(&shape, l);
                let mut source = vec![0; at.len()];
                for (d, &p) in permutation.iter().enumerate() {
                    source[p as usize] = at[d];
                }
                st.lane(
                    &src,
                    &t2s_ir::lanes::flatten(&st.shape, &source).to_string(),
                )
            })
            .collect();
        self.define_lanes_static(op, &lanes)
    }

    fn shuffle(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let (a, at) = (self.operand(op, 0)?, self.operand_type(op, 0)?);
        let (b, bt) = (self.operand(op, 1)?, self.operand_type(op, 1)?);
        // The mask picks rows along the leading dimension; a row of an n-D
        // vector is its trailing lanes (one lane for 1-D).
        let rows = if at.is_vector() { at.shape[0] } else { 1 };
        let row: i64 = at.shape.iter().skip(1).product();
        let pick = |t: &CType, v: &str, i: i64| {
            if t.is_vector() {
                t.lane(v, &i.to_string())
            } else {
                v.to_string()
            }
        };
        let lanes: Vec<String> = ir::i64s(op, "mask")
            .iter()
            .flat_map(|&i| (0..row).map(move |j| (i, j)))
            .map(|(i, j)| {
                if i < rows {
                    pick(&at, &a, i * row + j)
                } else {
                    pick(&bt, &b, (i - rows) * row + j)
                }
            })
            .collect();
        self.define_lanes_static(op, &lanes)
    }

    /// The element of memref operand `m` at the indices `first..end` for
    /// flat lane `lane` of a vector of `shape`: the trailing indices move by
    /// the lane's coordinates (row-major), as `vector.load` of an n-D vector
    /// reads the trailing dimensions.
    fn lane_element(
        &self,
        op: &OperationRef<'_, '_>,
        m: usize,
        (first, end): (usize, usize),
        shape: &[i64],
        lane: &str,
    ) -> Result<String, Failed> {
        let mut indices: Vec<String> = (first..end)
            .map(|i| self.operand(op, i))
            .collect::<Result<_, _>>()?;
        if indices.is_empty() {
            return Err(fail(op, "a vector access of a 0-D memref"));
        }
        if indices.len() < shape.len() {
            return Err(fail(
                op,
                "a vector access of more dimensions than its memref has",
            ));
        }
        let base = indices.len() - shape.len();
        for (d, n) in shape.iter().enumerate() {
            let inner: i64 = shape[d + 1..].iter().product();
            let mut coordinate = lane.to_string();
            if inner > 1 {
                coordinate = format!("({coordinate} / {inner})");
            }
            if d > 0 {
                coordinate = format!("{coordinate} % {n}");
            }
            indices[base + d] = format!("{} + {coordinate}", indices[base + d]);
        }
        Ok(match self.memory(op, m)? {
            Memory::Private { name, .. } => {
                let subs: String = indices.iter().map(|i| format!("[{i}]")).collect();
                format!("{name}{subs}")
            }
            Memory::Global { name, dims } => format!("{name}[{}]", linear(&indices, &dims)),
        })
    }

    fn load(
        &mut self,
        op: &OperationRef<'_, '_>,
        m: usize,
        first: usize,
        end: usize,
        masked: Option<(usize, usize)>,
    ) -> Result<(), Failed> {
        let result = op.result(0).map_err(|_| fail(op, "a missing result"))?;
        let ty = self.ctype(op, result.r#type())?;
        let shape = ty.shape.clone();
        let at = self.lane_element(op, m, (first, end), &shape, "_l")?;
        match masked {
            // A native vector of consecutive elements: one wide load (what
            // a loader reads per step).
            None if ty.is_native() => {
                let first_lane = at.replace("_l", "0");
                self.define(op, 0, format!("vload{}(0, &{first_lane})", shape[0]))?;
            }
            None => {
                self.define_lanes(op, |_| at.clone())?;
            }
            Some((mask, pass)) => {
                let (mask, mt) = (self.operand(op, mask)?, self.operand_type(op, mask)?);
                let (pass, pt) = (self.operand(op, pass)?, self.operand_type(op, pass)?);
                self.define_lanes(op, |l| {
                    format!("({} ? {at} : {})", mt.lane(&mask, l), pt.lane(&pass, l))
                })?;
            }
        }
        Ok(())
    }

    /// `vector.gather`: each lane whose mask bit is set reads the element
    /// `indices[lane]` elements after `base[offsets]`, the others their
    /// lane of the pass-through.
    fn gather(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let n = op.operand_count();
        let (mask, mt) = (self.operand(op, n - 2)?, self.operand_type(op, n - 2)?);
        let (pass, pt) = (self.operand(op, n - 1)?, self.operand_type(op, n - 1)?);
        let at = self.indexed_element(op, n - 3, "_l")?;
        self.define_lanes(op, |l| {
            format!("({} ? {at} : {})", mt.lane(&mask, l), pt.lane(&pass, l))
        })?;
        Ok(())
    }

    /// `vector.scatter`: lanes whose mask bit is set, in lane order.
    fn scatter(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let n = op.operand_count();
        let (mask, mt) = (self.operand(op, n - 2)?, self.operand_type(op, n - 2)?);
        let (v, vt) = (self.operand(op, n - 1)?, self.operand_type(op, n - 1)?);
        let at = self.indexed_element(op, n - 3, "_l")?;
        self.w.line("#pragma unroll");
        self.w.line(format!(
            "for (int _l = 0; _l < {}; ++_l) if ({}) {at} = {};",
            vt.lanes(),
            mt.lane(&mask, "_l"),
            vt.lane(&v, "_l")
        ));
        Ok(())
    }

    /// The element of a gather or scatter for `lane`: `base[offsets]`
    /// (operands 1 to `index_vector`) moved by the lane's index, in
    /// elements of the buffer in row-major order.
    fn indexed_element(
        &mut self,
        op: &OperationRef<'_, '_>,
        index_vector: usize,
        lane: &str,
    ) -> Result<String, Failed> {
        let offsets: Vec<String> = (1..index_vector)
            .map(|i| self.operand(op, i))
            .collect::<Result<_, _>>()?;
        let (iv, it) = (
            self.operand(op, index_vector)?,
            self.operand_type(op, index_vector)?,
        );
        let step = format!("(long){}", it.lane(&iv, lane));
        // From `[0, ..., 0]` (what the vectorized lowering writes), the
        // position is the lane's index.
        let from_origin = offsets.iter().all(|o| o == "0" || o == "0L");
        let position = |dims: &[String]| match from_origin {
            true => step.clone(),
            false => format!("{} + {step}", linear(&offsets, dims)),
        };
        Ok(match self.memory(op, 0)? {
            Memory::Global { name, dims } => format!("{name}[{}]", position(&dims)),
            Memory::Private { name, dims } if dims.is_empty() => format!("{name}[0]"),
            Memory::Private { name, dims } => {
                // A private array is nested: the position back to indices.
                let texts: Vec<String> = dims.iter().map(i64::to_string).collect();
                let position = format!("({})", position(&texts));
                let subs: String = (0..dims.len())
                    .map(|d| {
                        let inner: i64 = dims[d + 1..].iter().product();
                        match d {
                            0 => format!("[{position} / {inner}]"),
                            _ => format!("[{position} / {inner} % {}]", dims[d]),
                        }
                    })
                    .collect();
                format!("{name}{subs}")
            }
        })
    }

    fn store(
        &mut self,
        op: &OperationRef<'_, '_>,
        value: usize,
        m: usize,
        first: usize,
        end: usize,
        mask: Option<usize>,
    ) -> Result<(), Failed> {
        let (v, vt) = (self.operand(op, value)?, self.operand_type(op, value)?);
        let at = self.lane_element(op, m, (first, end), &vt.shape, "_l")?;
        // A mask every lane shares (a broadcast condition) guards one
        // native vector store.
        let uniform = match mask {
            Some(k) => self.broadcast_source(op, k)?,
            None => None,
        };
        if vt.is_native() && (mask.is_none() || uniform.is_some()) {
            let first_lane = at.replace("_l", "0");
            let guard = uniform.map(|c| format!("if ({c}) ")).unwrap_or_default();
            self.w.line(format!(
                "{guard}vstore{}({v}, 0, &{first_lane});",
                vt.shape[0]
            ));
            return Ok(());
        }
        let guard = match mask {
            Some(k) => {
                let (mask, mt) = (self.operand(op, k)?, self.operand_type(op, k)?);
                format!("if ({}) ", mt.lane(&mask, "_l"))
            }
            None => String::new(),
        };
        self.w.line("#pragma unroll");
        self.w.line(format!(
            "for (int _l = 0; _l < {}; ++_l) {guard}{at} = {};",
            vt.lanes(),
            vt.lane(&v, "_l")
        ));
        Ok(())
    }

    /// The scalar that operand `k` of `op` broadcasts, if it is a
    /// `vector.broadcast` of an `i1`.
    fn broadcast_source(
        &self,
        op: &OperationRef<'_, '_>,
        k: usize,
    ) -> Result<Option<String>, Failed> {
        let v = op.operand(k).map_err(|_| fail(op, "a missing operand"))?;
        let Some(def) = v.val().defining_op().map(|d| d.op()) else {
            return Ok(None);
        };
        if !ods::is(&def, ods::vector::BroadcastOperation::name()) {
            return Ok(None);
        }
        let source = def
            .operand(0)
            .map_err(|_| fail(&def, "a missing operand"))?;
        if t2s_ir::lanes::is_vector(source.val()) {
            return Ok(None);
        }
        self.name(&def, source).map(Some)
    }

    fn reduction(&mut self, op: &OperationRef<'_, '_>) -> Result<(), Failed> {
        let (v, vt) = (self.operand(op, 0)?, self.operand_type(op, 0)?);
        let kind = t2s_ir::ops::vector::reduction_kind(op).unwrap_or_default();
        let u = vt.scalar.unsigned();
        let combine = |x: &str, y: &str| -> Option<String> {
            Some(match kind.as_str() {
                "add" => format!("{x} + {y}"),
                "mul" => format!("{x} * {y}"),
                "and" => format!("{x} & {y}"),
                "or" => format!("{x} | {y}"),
                "xor" => format!("{x} ^ {y}"),
                "minsi" => format!("({x} < {y} ? {x} : {y})"),
                "maxsi" => format!("({x} > {y} ? {x} : {y})"),
                "minui" => format!("(({u}){x} < ({u}){y} ? {x} : {y})"),
                "maxui" => format!("(({u}){x} > ({u}){y} ? {x} : {y})"),
                "minnumf" => format!("fmin({x}, {y})"),
                "maxnumf" => format!("fmax({x}, {y})"),
                _ => return None,
            })
        };
        let acc = self.fresh("acc");
        let init = if op.operand_count() > 1 {
            let a = self.operand(op, 1)?;
            combine(&a, &vt.lane(&v, "0"))
        } else {
            Some(vt.lane(&v, "0"))
        }
        .ok_or_else(|| {
            fail(
                op,
                format!("vector.reduction <{kind}> has no OpenCL C form yet"),
            )
        })?;
        self.w.line(format!("{} {acc} = {init};", vt.scalar.name()));
        let step = combine(&acc, &vt.lane(&v, "_l")).unwrap_or_default();
        self.w.line("#pragma unroll");
        self.w.line(format!(
            "for (int _l = 1; _l < {}; ++_l) {acc} = {step};",
            vt.lanes()
        ));
        self.define(op, 0, acc)
    }
}
