// Receivers, the own type by value and by reference, and the run-time values `D`
// and `K::KIND` that bodies use.
#[outline(
    erased = Bridge,
    erase = into_bridge,
    erase_ref = as_bridge,
    erase_mut = as_bridge_mut,
    restore = restore,
    D = rank,
    K::KIND: Kind = kind,
)]
impl<const D: usize, K: TensorKind> Tensor<D, K> {
    /// Adds two tensors.
    #[track_caller]
    pub fn add(self, rhs: &Self) -> Self {
        assert_eq!(self.kind(), K::KIND, "add: a {D}-dim tensor of the wrong kind");
        Bridge::add_dyn(self, rhs)
    }

    /// Fills the tensor in place: `&mut self`, through `erase_mut`.
    pub fn fill_(&mut self, value: f32) {
        self.fill_dyn(value, D)
    }

    /// Borrowed tensors: `&[Self]` and `Option<&Self>`.
    pub fn sum_with(self, others: &[Self], bias: Option<&Self>) -> Self {
        Bridge::sum_with_dyn(self, others, bias)
    }

    /// The tensor's rank.
    pub fn num_dims(&self) -> usize {
        D
    }

    /// Zeros.
    pub fn zeros(shape: impl Into<Shape>, device: &Device) -> Self {
        Bridge::zeros(shape, device, K::KIND)
    }

    /// Kept generic.
    #[outline(skip)]
    pub fn rank_const(&self) -> usize {
        D
    }

    fn private(&self) {}
}

/// A view borrowing its numbers: the impl's lifetime reaches the erased type, each
/// helper and the forwarding methods.
#[outline(erased = DynView<'a>, erase = erase, erase_ref = erase_ref, restore = restore, N = len)]
impl<'a, const N: usize> View<'a, N> {
    /// The first number, borrowed for `'a`.
    pub fn first(&self) -> &'a f32 {
        &self.data[0]
    }

    /// The sum, by a boxed future borrowing the view and `label`.
    pub async fn describe(&self, label: &str) -> String {
        format!("{label}: {N} numbers")
    }
}
