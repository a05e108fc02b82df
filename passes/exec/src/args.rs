//! The arguments of a compiled program's call, checked as the interpreter
//! checks them: the compiled code trusts them.

use crate::error::ExecuteError;
use crate::interface::Interface;
use std::collections::HashMap;
use t2s_model::interpret::Buffer;
use t2s_model::reads::InputNeeds;
use t2s_model::Input;

/// The inputs and parameters of a call of `model`'s compiled code.
pub fn check_arguments(
    model: &Interface,
    inputs: &[Buffer],
    params: &[i64],
) -> Result<(), ExecuteError> {
    check_inputs(model, inputs, params)?;
    model.check_params(params).map_err(ExecuteError::Arguments)
}

/// Every input must hold what the program reads of it (its loads' largest
/// indices over the loop nest, `t2s_model::reads`) in the dimensions whose
/// size the caller chooses; a larger input is fine, its extra elements are
/// not read. Inputs of the wrong type or shape are
/// left to [`check_arguments`], which names what is wrong with them.
pub fn check_input_needs(
    model: &Interface,
    needs: &[InputNeeds],
    inputs: &[Buffer],
    params: &[i64],
) -> Result<(), ExecuteError> {
    let values: HashMap<String, i64> = model
        .params
        .iter()
        .cloned()
        .zip(params.iter().copied())
        .collect();
    for ((input, needs), buffer) in model.inputs.iter().zip(needs).zip(inputs) {
        if !matches_declaration(input, buffer) {
            continue;
        }
        needs
            .check(&buffer.shape, &input.shape, &values)
            .map_err(ExecuteError::InputTooSmall)?;
    }
    Ok(())
}

fn matches_declaration(input: &Input, buffer: &Buffer) -> bool {
    buffer.elem == input.elem
        && buffer.shape.len() == input.shape.len()
        && input
            .shape
            .iter()
            .zip(&buffer.shape)
            .all(|(s, &b)| s.is_none_or(|s| s as usize == b))
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
        let bad = !matches_declaration(input, buffer) || buffer.shape.contains(&0);
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
