// The vector the cases are methods of, as plain generic code.

#[derive(Clone, Debug, PartialEq)]
pub struct Vector<const N: usize> {
    data: Vec<f32>,
}

impl<const N: usize> Vector<N> {
    pub fn zeros() -> Self {
        Vector { data: vec![0.0; N] }
    }
    pub fn get(&self, i: usize) -> f32 {
        self.data[i]
    }
    pub fn set(&mut self, i: usize, value: f32) {
        self.data[i] = value;
    }
    pub fn sum(&self) -> f32 {
        self.data.iter().sum()
    }
    pub fn scaled(self, k: f32) -> Self {
        Vector { data: self.data.iter().map(|v| v * k).collect() }
    }
    pub async fn total(&self) -> f32 {
        self.sum()
    }
    fn private_len(&self) -> usize {
        self.data.len()
    }
}
