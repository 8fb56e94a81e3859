// Containers, arrays sized by const generics and of a literal length, closures, method generics, lifetimes
// and `async fn`.
#[outline(erased = Bridge, erase = into_bridge, erase_ref = as_bridge, restore = restore, D = rank)]
impl<const D: usize> Tensor<D> {
    /// `Vec` in, `Option` out.
    pub fn cat(tensors: Vec<Self>, dim: usize) -> Option<Self> {
        Bridge::cat(tensors, dim)
    }

    /// Any iterable of tensors.
    pub fn stack<const D2: usize>(tensors: impl IntoIterator<Item = Self>) -> Tensor<D2> {
        Bridge::stack(tensors, D2)
    }

    /// An array argument and a method const generic.
    pub fn reshape<const D2: usize>(self, shape: [usize; D2]) -> Tensor<D2> {
        self.reshape_dyn(shape)
    }

    /// An array result.
    pub fn dims(&self) -> [usize; D] {
        self.shape().to_vec()
    }

    /// A tuple of the own type and an array.
    pub fn split(self) -> (Self, Self, [usize; D]) {
        let dims = self.dims();
        (self.clone(), self, dims)
    }

    /// A closure, as `&dyn Fn`.
    pub fn map<F>(self, f: F) -> Self
    where
        F: Fn(f32) -> f32,
    {
        self.map_dyn(f)
    }

    /// A borrowed result with an elided lifetime.
    pub fn name_or<'a>(&self, _fallback: &'a str) -> &str {
        self.name().unwrap_or("tensor")
    }

    /// Arrays of the own type with a literal length stay arrays.
    pub fn halves(pair: [Self; 2]) -> [Self; 2] {
        let [a, b] = pair;
        [b, a]
    }

    /// Containers of plain values pass as they are: no conversion code.
    pub fn bytes(&self, extra: Option<u64>) -> (Vec<u8>, Option<u64>) {
        (self.to_bytes(), extra)
    }

    /// A `Result` of the own type.
    pub fn try_sum(self, dim: usize) -> Result<Self, Error> {
        self.checked_sum(dim)
    }

    /// An async body: the helper is `async`.
    pub async fn into_data_async(self) -> Data {
        self.read().await
    }

    /// An async body whose result is restored.
    pub async fn synced(self) -> Self {
        self.sync().await
    }

    /// A plain `fn` returning `impl Future`: the body runs at the call and the helper
    /// boxes the future it gives (`Send`, as the `impl` says).
    pub fn read_later(self) -> impl Future<Output = Data> + Send {
        self.read()
    }

    /// The same of the own type, restored when the wrapper's future is awaited.
    pub fn synced_later(self) -> impl Future<Output = Self> {
        self.sync()
    }
}
