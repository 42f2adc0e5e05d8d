//! `tabletop.analyze`: the analysis of a finished game's record ([`::analysis::analyze_json`]),
//! as the same dict `tabletop analyze --json` prints (docs/analysis.md).
//!
//! Decisions:
//! - The record is a JSON string or the record's dict, as a file or the server gives it.
//! - The analysis runs without the GIL: a whole game takes seconds, and other Python threads
//!   go on meanwhile.

use crate::{from_py, to_py, Int, TabletopError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// Analyses each decision of a finished game (see docs/analysis.md).
#[pyfunction]
#[pyo3(signature = (record, seat = None, samples = None, seed = Int(0)))]
pub fn analyze<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    seat: Option<Int>,
    samples: Option<Int>,
    seed: Int,
) -> PyResult<Bound<'py, PyAny>> {
    let value: serde_json::Value = if let Ok(text) = record.cast::<PyString>() {
        serde_json::from_str(&text.to_cow()?)
            .map_err(|e| PyValueError::new_err(format!("the record is not JSON: {e}")))?
    } else {
        from_py(record)
            .map_err(|e| PyValueError::new_err(format!("the record is not JSON data: {e}")))?
    };
    let seat = seat
        .map(|s| s.within::<u8>("seat", "a seat from 0 to 5"))
        .transpose()?;
    let budget = match samples {
        None => ::analysis::Budget::Standard,
        Some(n) => ::analysis::Budget::Samples(
            n.within::<u32>("samples", "from 1 to 2**32 - 1 (leave it out for the standard budget)")
                .and_then(|n| {
                    if n == 0 {
                        Err(PyValueError::new_err(
                            "samples must be from 1 to 2**32 - 1 (leave it out for the standard budget), not 0",
                        ))
                    } else {
                        Ok(n)
                    }
                })?,
        ),
    };
    let options = ::analysis::Options {
        budget,
        seed: seed.seed()?,
        seat: seat.map(engine::Seat),
    };
    let report = py
        .detach(move || ::analysis::analyze_json(value, &options))
        .map_err(|e| TabletopError::new_err(e.to_string()))?;
    to_py(py, &report)
}
