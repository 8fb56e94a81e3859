//! What a case produced, and whether two outcomes agree.

use burn_tensor::{DType, TensorData};

/// What a case produced: tensors read back (or values printed), or a panic.
pub enum Outcome {
    /// It returned.
    Values(Vec<Value>),
    /// It panicked, with this message.
    Panicked(String),
}

/// One value a case returns.
pub enum Value {
    /// A tensor's data.
    Data(TensorData),
    /// Anything else, as `Debug` prints it.
    Text(String),
}

impl Outcome {
    /// Runs `case`, catching a panic.
    pub fn of(case: impl FnOnce() -> Vec<Value>) -> Outcome {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(case)) {
            Ok(values) => Outcome::Values(values),
            Err(payload) => Outcome::Panicked(
                payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default(),
            ),
        }
    }
}

/// Whether `ours` (seam-burn-tensor's) agrees with `theirs` (burn-tensor's), and why not.
/// Two panics agree when their messages are the same (both sides panicked in the
/// code below them, burn-dispatch's or burn-std's), or when seam-burn-tensor's
/// names `op` and burn-tensor's names `op` or one of `burn_names` (see [`names`]).
pub fn agree(op: &str, burn_names: &[&str], ours: &Outcome, theirs: &Outcome) -> Result<(), String> {
    let other = |why: String| Err(why);
    match (ours, theirs) {
        (Outcome::Panicked(a), Outcome::Panicked(b)) => {
            if a == b {
                Ok(())
            } else if !names(b, op) && !burn_names.iter().any(|n| names(b, n)) {
                other(format!("burn-tensor's panic does not name {op:?} (list what it names): {b:?}"))
            } else if !names(a, op) {
                other(format!("panicked as burn-tensor did, without naming the op: {a:?}"))
            } else {
                Ok(())
            }
        }
        (Outcome::Panicked(why), Outcome::Values(_)) => other(format!("panicked where burn-tensor did not: {why}")),
        (Outcome::Values(_), Outcome::Panicked(why)) => other(format!("did not panic where burn-tensor did: {why}")),
        (Outcome::Values(a), Outcome::Values(b)) => {
            if a.len() != b.len() {
                return other(format!("{} values against {}", a.len(), b.len()));
            }
            a.iter()
                .zip(b)
                .enumerate()
                .try_for_each(|(i, (a, b))| value(a, b).map_err(|e| format!("value {i}: {e}")))
        }
    }
}

/// Whether a panic message names `op` (`reshape`, `swap_dims`): its words, case and
/// `_` aside, as Burn writes them (`Reshape`, `Swap Dims`, `swap_dims`).
pub fn names(message: &str, op: &str) -> bool {
    let plain = |s: &str| s.to_lowercase().replace(['_', ' ', '\''], "");
    plain(message).contains(&plain(op))
}

fn value(ours: &Value, theirs: &Value) -> Result<(), String> {
    match (ours, theirs) {
        (Value::Text(a), Value::Text(b)) if a == b => Ok(()),
        (Value::Text(a), Value::Text(b)) => Err(format!("{a} against {b}")),
        (Value::Data(a), Value::Data(b)) => data(a, b),
        _ => Err("a tensor against a non-tensor".into()),
    }
}

fn data(ours: &TensorData, theirs: &TensorData) -> Result<(), String> {
    if ours.shape() != theirs.shape() {
        return Err(format!("shape {:?} against {:?}", ours.shape(), theirs.shape()));
    }
    if ours.dtype() != theirs.dtype() {
        return Err(format!("dtype {:?} against {:?}", ours.dtype(), theirs.dtype()));
    }
    match ours.dtype() {
        DType::F64 | DType::F32 | DType::F16 | DType::BF16 | DType::Flex32 => {
            let (a, b): (Vec<f64>, Vec<f64>) = (ours.iter().collect(), theirs.iter().collect());
            for (i, (x, y)) in a.iter().zip(&b).enumerate() {
                // An infinity agrees only with the same infinity (`x == y`): the
                // relative bound is for finite values.
                let close = (x.is_nan() && y.is_nan())
                    || x == y
                    || (x.is_finite() && y.is_finite() && (x - y).abs() <= 1e-6 * x.abs().max(y.abs()));
                if !close {
                    return Err(format!("element {i}: {x} against {y}"));
                }
            }
            Ok(())
        }
        DType::Bool(_) => {
            let (a, b): (Vec<bool>, Vec<bool>) = (ours.iter().collect(), theirs.iter().collect());
            (a == b).then_some(()).ok_or_else(|| format!("{a:?} against {b:?}"))
        }
        _ => {
            let (a, b): (Vec<i64>, Vec<i64>) = (ours.iter().collect(), theirs.iter().collect());
            (a == b).then_some(()).ok_or_else(|| format!("{a:?} against {b:?}"))
        }
    }
}
