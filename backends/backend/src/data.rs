//! Tensor contents as plain bytes, for moving data in and out of any backend.

use crate::{DType, DataError, Element, Shape};
use core::fmt;

/// The contents of a tensor: little-endian bytes, a shape and a dtype.
///
/// Build it from typed values with [`TensorData::new`] (or [`TensorData::try_new`]),
/// read it back with [`TensorData::to_vec`]. A dtype or length mismatch is a
/// [`DataError`], never a silently wrong value.
///
/// ```
/// use seam_backend::{DType, TensorData};
/// let data = TensorData::new(vec![1.0f32, 2.0, 3.0, 4.0], [2, 2]);
/// assert_eq!(data.dtype(), DType::F32);
/// assert_eq!(data.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
/// assert!(data.to_vec::<i64>().is_err());
/// assert!(TensorData::try_new(vec![1i64, 2, 3], [2, 2]).is_err());
/// ```
#[derive(Clone, PartialEq)]
pub struct TensorData {
    bytes: Vec<u8>,
    shape: Shape,
    dtype: DType,
}

impl TensorData {
    /// Data of `T`'s dtype from row-major `values`.
    ///
    /// # Panics
    ///
    /// If the number of values is not the product of the shape's dims; use
    /// [`TensorData::try_new`] to get the error instead.
    #[track_caller]
    pub fn new<T: Element>(values: Vec<T>, shape: impl Into<Shape>) -> Self {
        match Self::try_new(values, shape) {
            Ok(data) => data,
            Err(err) => panic!("TensorData::new: {err}"),
        }
    }

    /// Data of `T`'s dtype from row-major `values`, or an error if their number is
    /// not the product of the shape's dims.
    pub fn try_new<T: Element>(values: Vec<T>, shape: impl Into<Shape>) -> Result<Self, DataError> {
        let shape = shape.into();
        check_len(&shape, T::DTYPE, values.len())?;
        let mut bytes = Vec::with_capacity(values.len() * T::DTYPE.size());
        for v in values {
            v.write_le(&mut bytes);
        }
        Ok(Self {
            bytes,
            shape,
            dtype: T::DTYPE,
        })
    }

    /// Data from raw little-endian bytes, or an error if their length does not fit
    /// the shape and dtype.
    pub fn from_bytes(bytes: Vec<u8>, shape: impl Into<Shape>, dtype: DType) -> Result<Self, DataError> {
        let shape = shape.into();
        let expected = check_size(&shape, dtype)?;
        if bytes.len() != expected {
            return Err(DataError::LengthMismatch {
                expected: expected / dtype.size(),
                found: bytes.len() / dtype.size(),
                shape,
                dtype,
            });
        }
        if dtype == DType::Bool && bytes.iter().any(|&b| b > 1) {
            // Only 0 and 1 are booleans; anything else would be read back as `true`
            // and then compare unequal to a real `true`.
            return Err(DataError::DTypeMismatch {
                expected: DType::Bool,
                found: DType::I32,
            });
        }
        Ok(Self { bytes, shape, dtype })
    }

    /// Data filled with `value` converted to `dtype`.
    ///
    /// # Panics
    ///
    /// If the shape holds more than `isize::MAX` bytes, or the allocator refuses
    /// them.
    #[track_caller]
    pub fn full(shape: impl Into<Shape>, value: crate::Scalar, dtype: DType) -> Self {
        let shape = shape.into();
        let n = match check_size(&shape, dtype) {
            Ok(bytes) => bytes / dtype.size(),
            Err(error) => panic!("TensorData::full: {error}"),
        };
        let mut one = Vec::with_capacity(dtype.size());
        match dtype {
            DType::F32 => (value.to_f64() as f32).write_le(&mut one),
            DType::F64 => value.to_f64().write_le(&mut one),
            DType::I32 => (value.to_i64() as i32).write_le(&mut one),
            DType::I64 => value.to_i64().write_le(&mut one),
            DType::Bool => value.to_bool().write_le(&mut one),
        }
        let mut bytes = crate::filled_vec(n * one.len(), 0, &format_args!("TensorData::full {shape}"));
        for chunk in bytes.chunks_exact_mut(one.len()) {
            chunk.copy_from_slice(&one);
        }
        Self { bytes, shape, dtype }
    }

    /// The values as `T`: of `T`'s dtype, or of one that `T` holds exactly, widened
    /// (`i32` data as `i64`, `f32` as `f64`, so that reading a device's integers as
    /// `i64` works whether it holds them as `i64` or, without 64-bit integers, as
    /// `i32`). An error for any other dtype.
    ///
    /// ```
    /// use seam_backend::TensorData;
    /// let ints = TensorData::new(vec![-3i32, 7], [2]);
    /// assert_eq!(ints.to_vec::<i64>().unwrap(), vec![-3, 7]);
    /// assert!(TensorData::new(vec![5i64], [1]).to_vec::<i32>().is_err());
    /// ```
    pub fn to_vec<T: Element>(&self) -> Result<Vec<T>, DataError> {
        let widened = matches!(
            (self.dtype, T::DTYPE),
            (DType::I32, DType::I64) | (DType::F32, DType::F64)
        );
        if widened {
            return self.clone().convert(T::DTYPE).to_vec();
        }
        self.check_dtype(T::DTYPE)?;
        Ok(self
            .bytes
            .chunks_exact(self.dtype.size())
            .map(T::read_le)
            .collect())
    }

    /// The values as `T`, consuming the data.
    pub fn into_vec<T: Element>(self) -> Result<Vec<T>, DataError> {
        self.to_vec()
    }

    /// An error unless the data holds `dtype`.
    pub fn check_dtype(&self, dtype: DType) -> Result<(), DataError> {
        if self.dtype == dtype {
            Ok(())
        } else {
            Err(DataError::DTypeMismatch {
                expected: dtype,
                found: self.dtype,
            })
        }
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The dtype.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// The number of elements.
    pub fn num_elements(&self) -> usize {
        self.shape.num_elements()
    }

    /// The raw little-endian bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The raw bytes, shape and dtype, consuming the data.
    pub fn into_parts(self) -> (Vec<u8>, Shape, DType) {
        (self.bytes, self.shape, self.dtype)
    }

    /// Element `i` (row-major) as `f64`, whatever the dtype (`true` is 1).
    ///
    /// # Panics
    ///
    /// If `i` is out of bounds.
    pub fn value_f64(&self, i: usize) -> f64 {
        let size = self.dtype.size();
        let b = &self.bytes[i * size..(i + 1) * size];
        match self.dtype {
            DType::F32 => f64::from(f32::read_le(b)),
            DType::F64 => f64::read_le(b),
            DType::I32 => f64::from(i32::read_le(b)),
            DType::I64 => i64::read_le(b) as f64,
            DType::Bool => f64::from(u8::from(bool::read_le(b))),
        }
    }

    /// Element `i` (row-major), formatted as its dtype prints it.
    fn fmt_value(&self, i: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.dtype.size();
        let b = &self.bytes[i * size..(i + 1) * size];
        match self.dtype {
            DType::F32 => fmt_float(f64::from(f32::read_le(b)), f),
            DType::F64 => fmt_float(f64::read_le(b), f),
            DType::I32 => write!(f, "{}", i32::read_le(b)),
            DType::I64 => write!(f, "{}", i64::read_le(b)),
            DType::Bool => write!(f, "{}", bool::read_le(b)),
        }
    }

    /// The data as `Display` prints a tensor of `shape` whose long dims (longer
    /// than `2 * DISPLAY_EDGE + 1`) this data holds only the edges of: the first and
    /// the last [`DISPLAY_EDGE`] positions, side by side, every other dim whole. A
    /// tensor of any size prints from such a summary without reading the rest.
    ///
    /// ```
    /// use seam_backend::{Shape, TensorData};
    /// let whole = TensorData::new((0..10).map(|i| i as f32).collect::<Vec<_>>(), [10]);
    /// let edges = TensorData::new(vec![0.0f32, 1.0, 2.0, 7.0, 8.0, 9.0], [6]);
    /// assert_eq!(edges.summary_of(&Shape::from([10])).to_string(), whole.to_string());
    /// ```
    ///
    /// # Panics
    ///
    /// If the data's shape is not that summary of `shape`.
    pub fn summary_of<'a>(&'a self, shape: &'a Shape) -> impl fmt::Display + 'a {
        let edges = summary_dims(shape.dims());
        assert_eq!(
            self.shape.dims(),
            &edges[..],
            "the summary of a tensor of shape {shape} has shape {}",
            Shape::new(edges.clone())
        );
        Summary { data: self, shape }
    }

    /// Writes the elements numpy-style, nested brackets one per dim, eliding the
    /// middle of dims longer than `2 * DISPLAY_EDGE + 1`, of a tensor of `dims`
    /// whose data is this (whole, or the summary of [`TensorData::summary_of`]). A
    /// loop over the shown positions, not a recursion per dim: a tensor of rank
    /// 100,000 prints without exhausting the stack. The data must hold at least one
    /// element, at rank 1 or more.
    fn fmt_blocks(&self, dims: &[usize], f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const EDGE: usize = DISPLAY_EDGE;
        let rank = dims.len();
        let strides = crate::strides::contiguous(self.shape.dims());
        // Where the data holds only a dim's edges, the last EDGE positions sit
        // right after the first EDGE.
        let held = |d: usize, i: usize| {
            if self.shape.dims()[d] < dims[d] && i >= EDGE {
                i - (dims[d] - 2 * EDGE)
            } else {
                i
            }
        };
        let mut index = vec![0; rank];
        let mut offset = 0;
        let indent = |f: &mut fmt::Formatter<'_>, n: usize| write!(f, "{:n$}", "");
        let brackets =
            |f: &mut fmt::Formatter<'_>, b: &str, n: usize| (0..n).try_for_each(|_| f.write_str(b));
        brackets(f, "[", rank)?;
        loop {
            self.fmt_value(offset, f)?;
            // Close the dims that are at their last position, innermost first.
            let mut d = rank - 1;
            let mut closed = 0;
            while index[d] + 1 == dims[d] {
                offset -= held(d, index[d]) * strides[d];
                index[d] = 0;
                closed += 1;
                if d == 0 {
                    return brackets(f, "]", closed);
                }
                d -= 1;
            }
            brackets(f, "]", closed)?;
            // Step along dim `d`, over the elided middle.
            let mut next = index[d] + 1;
            let gap = elided(dims[d]) && next == EDGE;
            if gap {
                next = dims[d] - EDGE;
            }
            offset += (held(d, next) - held(d, index[d])) * strides[d];
            index[d] = next;
            if closed == 0 {
                f.write_str(if gap { ", ..., " } else { ", " })?;
            } else {
                f.write_str(",\n")?;
                indent(f, d + 1)?;
                if gap {
                    f.write_str("...,\n")?;
                    indent(f, d + 1)?;
                }
            }
            brackets(f, "[", closed)?;
        }
    }
}

fn fmt_float(v: f64, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match f.precision() {
        Some(p) => write!(f, "{v:.p$}"),
        None if v.fract() == 0.0 && v.abs() < 1e16 => write!(f, "{v:.1}"),
        None => write!(f, "{v:.4}"),
    }
}

/// The bytes of data of `shape` and `dtype`, or [`DataError::TooLarge`].
fn check_size(shape: &Shape, dtype: DType) -> Result<usize, DataError> {
    shape.checked_bytes(dtype).ok_or_else(|| DataError::TooLarge {
        shape: shape.clone(),
        dtype,
    })
}

/// `found` elements must be what `shape` holds.
fn check_len(shape: &Shape, dtype: DType, found: usize) -> Result<(), DataError> {
    let expected = check_size(shape, dtype)? / dtype.size();
    if expected == found {
        Ok(())
    } else {
        Err(DataError::LengthMismatch {
            shape: shape.clone(),
            dtype,
            expected,
            found,
        })
    }
}

/// How many positions `Display` shows at each end of a long dim: a dim longer
/// than `2 * DISPLAY_EDGE + 1` prints its first and last `DISPLAY_EDGE` with `...`
/// between them.
pub const DISPLAY_EDGE: usize = 3;

/// Whether `Display` elides the middle of a dim of `len` positions (a long dim:
/// more than `2 * DISPLAY_EDGE + 1`).
pub fn elided(len: usize) -> bool {
    len > 2 * DISPLAY_EDGE + 1
}

/// The dims of the summary of a tensor of `dims` ([`TensorData::summary_of`]):
/// each long dim cut to its `2 * DISPLAY_EDGE` edge positions.
fn summary_dims(dims: &[usize]) -> Vec<usize> {
    dims.iter()
        .map(|&n| if elided(n) { 2 * DISPLAY_EDGE } else { n })
        .collect()
}

/// [`TensorData::summary_of`]'s display.
struct Summary<'a> {
    data: &'a TensorData,
    shape: &'a Shape,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.data.fmt_as(self.shape.dims(), f)
    }
}

impl TensorData {
    /// Writes the data as a tensor of `dims` (the data's own, or those it is the
    /// summary of).
    fn fmt_as(&self, dims: &[usize], f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if dims.is_empty() {
            return self.fmt_value(0, f);
        }
        if self.num_elements() == 0 {
            return f.write_str("[]");
        }
        self.fmt_blocks(dims, f)
    }
}

/// numpy-like: nested brackets, the middle of long dims elided as `...`.
impl fmt::Display for TensorData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_as(self.shape.dims(), f)
    }
}

impl fmt::Debug for TensorData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TensorData {{ shape: {}, dtype: {}, values: {self} }}",
            self.shape, self.dtype
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_dtype() {
        assert_eq!(
            TensorData::new(vec![1.5f64, -2.0], [2]).to_vec::<f64>().unwrap(),
            vec![1.5, -2.0]
        );
        assert_eq!(
            TensorData::new(vec![7i32, -1], [2, 1]).to_vec::<i32>().unwrap(),
            vec![7, -1]
        );
        assert_eq!(
            TensorData::new(vec![true, false], [2]).to_vec::<bool>().unwrap(),
            vec![true, false]
        );
    }

    #[test]
    fn mismatches_are_errors() {
        let err = TensorData::try_new(vec![1.0f32; 5], [2, 3]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "shape [2, 3] needs 6 f32 values but 5 were given; pass a shape whose dims multiply to 5, or 6 values"
        );
        let err = TensorData::new(vec![1i64], [1]).to_vec::<f32>().unwrap_err();
        assert!(
            err.to_string()
                .starts_with("tensor data holds i64 values but f32 was asked for")
        );
        assert!(TensorData::from_bytes(vec![0; 7], [2], DType::F32).is_err());
        assert!(TensorData::from_bytes(vec![2], [1], DType::Bool).is_err());
    }

    #[test]
    fn displays_like_numpy() {
        let data = TensorData::new(vec![1.0f32, 2.0, 3.0, 4.5], [2, 2]);
        assert_eq!(data.to_string(), "[[1.0, 2.0],\n [3.0, 4.5000]]");
        let long = TensorData::new((0..10i64).collect(), [10]);
        assert_eq!(long.to_string(), "[0, 1, 2, ..., 7, 8, 9]");
        let tall = TensorData::new((0..24i64).collect(), [8, 1, 3]);
        assert_eq!(
            tall.to_string(),
            "[[[0, 1, 2]],\n [[3, 4, 5]],\n [[6, 7, 8]],\n ...,\n [[15, 16, 17]],\n [[18, 19, 20]],\n [[21, 22, 23]]]"
        );
        let wide = TensorData::new((0..16i64).collect(), [2, 8]);
        assert_eq!(
            wide.to_string(),
            "[[0, 1, 2, ..., 5, 6, 7],\n [8, 9, 10, ..., 13, 14, 15]]"
        );
    }

    #[test]
    fn displays_a_rank_of_100_000_without_exhausting_the_stack() {
        // A recursion per dim overflowed the test thread's 2 MiB stack here.
        let data = TensorData::new(vec![7i32], vec![1; 100_000]);
        let text = data.to_string();
        assert_eq!(text.len(), 2 * 100_000 + 1);
        assert!(text.starts_with("[[[") && text.contains("[7]") && text.ends_with("]]]"));
    }
}
