//! Conversions into [`TensorData`]: from nested arrays and `Vec`s of elements, and
//! from one dtype to another.

use crate::{DType, Element, Scalar, Shape, TensorData};

impl TensorData {
    /// Element `i` (row-major) as a [`Scalar`] of its dtype's family.
    ///
    /// # Panics
    ///
    /// If `i` is out of bounds.
    ///
    /// ```
    /// use seam_backend::{Scalar, TensorData};
    /// assert_eq!(TensorData::new(vec![3i64, 4], [2]).value(1), Scalar::Int(4));
    /// ```
    pub fn value(&self, i: usize) -> Scalar {
        let size = self.dtype().size();
        let b = &self.bytes()[i * size..(i + 1) * size];
        match self.dtype() {
            DType::F32 => Scalar::Float(f64::from(f32::read_le(b))),
            DType::F64 => Scalar::Float(f64::read_le(b)),
            DType::I32 => Scalar::Int(i64::from(i32::read_le(b))),
            DType::I64 => Scalar::Int(i64::read_le(b)),
            DType::Bool => Scalar::Bool(bool::read_le(b)),
        }
    }

    /// The same values in `dtype`, converted as [`Scalar`]'s `to_*` methods do:
    /// floats to ints truncate toward zero, numbers to `bool` are "not zero".
    ///
    /// ```
    /// use seam_backend::{DType, TensorData};
    /// let data = TensorData::new(vec![1.7f64, -2.5, 0.0], [3]).convert(DType::I32);
    /// assert_eq!(data.to_vec::<i32>().unwrap(), vec![1, -2, 0]);
    /// ```
    pub fn convert(self, dtype: DType) -> TensorData {
        if self.dtype() == dtype {
            return self;
        }
        let mut bytes = Vec::with_capacity(self.num_elements() * dtype.size());
        for i in 0..self.num_elements() {
            let v = self.value(i);
            match dtype {
                DType::F32 => (v.to_f64() as f32).write_le(&mut bytes),
                DType::F64 => v.to_f64().write_le(&mut bytes),
                DType::I32 => (v.to_i64() as i32).write_le(&mut bytes),
                DType::I64 => v.to_i64().write_le(&mut bytes),
                DType::Bool => v.to_bool().write_le(&mut bytes),
            }
        }
        TensorData::from_bytes(bytes, self.shape().clone(), dtype).expect("one element per element")
    }
}

impl<T: Element> From<Vec<T>> for TensorData {
    /// A rank-1 tensor's data.
    fn from(values: Vec<T>) -> Self {
        let n = values.len();
        TensorData::new(values, [n])
    }
}

/// Nested arrays of elements, outermost dim first: `[[1.0, 2.0], [3.0, 4.0]]` is
/// data of shape `[2, 2]`.
macro_rules! from_nested_array {
    ($($name:ident)+; $ty:ty; $flat:expr) => {
        impl<T: Element, $(const $name: usize),+> From<$ty> for TensorData {
            fn from(values: $ty) -> Self {
                let flat: Vec<T> = $flat(values);
                TensorData::new(flat, Shape::new(vec![$($name),+]))
            }
        }
    };
}

from_nested_array!(A; [T; A]; |v: [T; A]| v.to_vec());
from_nested_array!(A B; [[T; B]; A]; |v: [[T; B]; A]| v.as_flattened().to_vec());
from_nested_array!(A B C; [[[T; C]; B]; A]; |v: [[[T; C]; B]; A]| v.as_flattened().as_flattened().to_vec());
from_nested_array!(A B C E; [[[[T; E]; C]; B]; A];
    |v: [[[[T; E]; C]; B]; A]| v.as_flattened().as_flattened().as_flattened().to_vec());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_arrays_give_their_shape() {
        let data = TensorData::from([[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]]);
        assert_eq!(data.shape(), &Shape::from([2, 3]));
        assert_eq!(data.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let data = TensorData::from([[[[true]], [[false]]]]);
        assert_eq!(data.shape(), &Shape::from([1, 2, 1, 1]));
        assert_eq!(TensorData::from(vec![1i64, 2]).shape(), &Shape::from([2]));
    }

    #[test]
    fn convert_follows_the_scalar_rules() {
        let data = TensorData::new(vec![0i64, 3, -1], [3]);
        assert_eq!(
            data.clone().convert(DType::Bool).to_vec::<bool>().unwrap(),
            vec![false, true, true]
        );
        assert_eq!(
            data.convert(DType::F32).to_vec::<f32>().unwrap(),
            vec![0.0, 3.0, -1.0]
        );
        let big = TensorData::new(vec![i64::MAX], [1]);
        assert_eq!(big.clone().convert(DType::I64), big);
    }
}
