//! The arguments of a compiled program's call, checked as the interpreter
//! checks them: the compiled code trusts them.

use crate::error::ExecuteError;
use crate::interface::Interface;
use t2s_model::interpret::Buffer;

/// The inputs and parameters of a call of `model`'s compiled code.
pub fn check_arguments(
    model: &Interface,
    inputs: &[Buffer],
    params: &[i64],
) -> Result<(), ExecuteError> {
    check_inputs(model, inputs, params)?;
    model.check_params(params).map_err(ExecuteError::Arguments)
}

/// The compiled code trusts its arguments: check them as the interpreter does.
fn check_inputs(model: &Interface, inputs: &[Buffer], params: &[i64]) -> Result<(), ExecuteError> {
    if params.len() != model.params.len() || inputs.len() != model.inputs.len() {
        return Err(ExecuteError::Arguments(format!(
            "@{} takes {} inputs and {} parameters, got {} and {}",
            model.name,
            model.inputs.len(),
            model.params.len(),
            inputs.len(),
            params.len()
        )));
    }
    for (input, buffer) in model.inputs.iter().zip(inputs) {
        let bad = buffer.elem != input.elem
            || buffer.shape.len() != input.shape.len()
            || input
                .shape
                .iter()
                .zip(&buffer.shape)
                .any(|(s, &b)| s.is_some_and(|s| s as usize != b))
            || buffer.shape.contains(&0);
        if bad {
            return Err(ExecuteError::Input {
                name: input.name.clone(),
                reason: format!(
                    "expected {} of shape {}, got {} of shape {}",
                    input.elem,
                    shape_text(
                        input
                            .shape
                            .iter()
                            .map(|d| d.map_or("?".to_string(), |d| d.to_string()))
                    ),
                    buffer.elem,
                    shape_text(buffer.shape.iter().map(|d| d.to_string())),
                ),
            });
        }
    }
    Ok(())
}

fn shape_text(dims: impl Iterator<Item = String>) -> String {
    format!("[{}]", dims.collect::<Vec<_>>().join(", "))
}
