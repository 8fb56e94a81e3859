//! The cases, written once against `api` (see `main.rs`): each is named after the
//! public method of burn-tensor's `Tensor` it calls first (a variant after a space).

/// Expands to `cases()`, the list of cases over the `api` in scope.
#[macro_export]
macro_rules! cases {
    () => {
        use $crate::compare::Value;
        use $crate::inputs::Inputs;
        use api::{Bool, Device, IndexingUpdateOp, Int, Shape, Tensor, TensorData, activation as act, s};

        fn f(i: &Inputs, d: &Device) -> Tensor<2> {
            Tensor::from_data(i.x.clone(), d)
        }
        fn g(i: &Inputs, d: &Device) -> Tensor<2> {
            Tensor::from_data(i.y.clone(), d)
        }
        fn n(i: &Inputs, d: &Device) -> Tensor<2, Int> {
            Tensor::from_data(i.xi.clone(), d)
        }
        fn m(i: &Inputs, d: &Device) -> Tensor<2, Int> {
            Tensor::from_data(i.yi.clone(), d)
        }
        fn b(i: &Inputs, d: &Device) -> Tensor<2, Bool> {
            Tensor::from_data(i.mask.clone(), d)
        }
        fn v<const D: usize, K: api::kind::Basic>(t: Tensor<D, K>) -> Value {
            Value::Data(t.into_data())
        }
        fn text(t: impl core::fmt::Debug) -> Value {
            Value::Text(format!("{t:?}"))
        }
        fn wait<T>(future: impl core::future::Future<Output = T>) -> T {
            api::try_read_sync(future).expect("flex reads synchronously")
        }
        /// The set's rank-2 tensor at rank `R`: `[a * b]`, `[a, 1, b]`, `[1, a, b, 1]`,
        /// made from its data (a `reshape` would read a 0 of an empty dim as "keep").
        fn at<const R: usize, K: api::kind::Basic>(t: Tensor<2, K>) -> Tensor<R, K> {
            let [a, b] = t.dims();
            let dims: Vec<usize> = match R {
                1 => vec![a * b],
                2 => vec![a, b],
                3 => vec![a, 1, b],
                _ => vec![1, a, b, 1],
            };
            let device = t.device();
            let (bytes, _, dtype) = t.into_data().into_parts();
            Tensor::from_data(TensorData::from_bytes(bytes, dims, dtype), &device)
        }
        /// Indices in range along the last dim (size `cols`): `|n| % cols`.
        fn within(t: Tensor<2, Int>, cols: usize) -> Tensor<2, Int> {
            t.abs().remainder_scalar(cols.max(1) as i64)
        }
        fn idx(values: &[i64], d: &Device) -> Tensor<1, Int> {
            Tensor::from_data(TensorData::new(values.to_vec(), [values.len()]), d)
        }

        /// One case: its name, and what it returns on one input set.
        pub type Case = (&'static str, fn(&Inputs, &Device) -> Vec<Value>);

        /// Every case.
        pub fn cases() -> Vec<Case> {
            vec![
                // Creation and metadata.
                ("zeros", |i, d| vec![v(Tensor::<2>::zeros(i.x.shape().clone(), d)), v(Tensor::<2, Int>::zeros([2, 0], d))]),
                ("ones", |i, d| vec![v(Tensor::<2>::ones(i.x.shape().clone(), d)), v(Tensor::<2, Bool>::ones([1, 2], d))]),
                ("full", |i, d| vec![v(Tensor::<2>::full(i.x.shape().clone(), 2.5, d)), v(Tensor::<2, Int>::full([2, 2], 7, d))]),
                ("zeros_like", |i, d| vec![v(f(i, d).zeros_like()), v(n(i, d).zeros_like())]),
                ("ones_like", |i, d| vec![v(f(i, d).ones_like()), v(b(i, d).ones_like())]),
                ("full_like", |i, d| vec![v(f(i, d).full_like(-1.5)), v(n(i, d).full_like(4))]),
                ("empty", |i, d| vec![text(Tensor::<2>::empty(i.x.shape().clone(), d).dims())]),
                ("empty_like", |i, d| vec![text(f(i, d).empty_like().shape())]),
                ("from_data", |i, d| vec![v(Tensor::<2, Int>::from_data(i.x.clone(), d)), v(Tensor::<2>::from_data(i.xi.clone(), d))]),
                ("from_floats", |i, d| vec![v(Tensor::<2>::from_floats(i.xi.clone(), d))]),
                ("from_ints", |i, d| vec![v(Tensor::<2, Int>::from_ints(i.x.clone(), d))]),
                ("from_bool", |i, d| vec![v(Tensor::<2, Bool>::from_bool(i.xi.clone(), d))]),
                ("dims", |i, d| vec![text(f(i, d).dims()), text(b(i, d).dims())]),
                ("shape", |i, d| vec![text(n(i, d).shape())]),
                ("rank", |i, d| vec![text(f(i, d).rank())]),
                ("dtype", |i, d| vec![text(f(i, d).dtype()), text(n(i, d).dtype()), text(b(i, d).dtype())]),
                ("device", |i, d| vec![text(f(i, d).device())]),
                ("to_device", |i, d| vec![v(f(i, d).to_device(d))]),
                ("into_data", |i, d| vec![v(n(i, d))]),
                ("to_data", |i, d| vec![Value::Data(b(i, d).to_data())]),
                ("arange", |_, d| vec![v(Tensor::<1, Int>::arange(-3..4, d)), v(Tensor::<1, Int>::arange(2..2, d))]),
                ("arange_step", |_, d| vec![v(Tensor::<1, Int>::arange_step(0..10, 3, d))]),
                ("arange_step zero", |_, d| vec![v(Tensor::<1, Int>::arange_step(0..10, 0, d))]),
                // Layout.
                ("reshape", |i, d| vec![v(f(i, d).reshape([-1])), v(n(i, d).reshape([1, -1])), v(f(i, d).reshape([0, -1]))]),
                ("reshape misfit", |i, d| vec![v(f(i, d).reshape([7, -1, 2]))]),
                ("transpose", |i, d| vec![v(f(i, d).transpose()), v(b(i, d).transpose())]),
                ("t", |i, d| vec![v(n(i, d).t())]),
                ("swap_dims", |i, d| vec![v(f(i, d).swap_dims(0, -1)), v(n(i, d).swap_dims(1, 1))]),
                ("swap_dims out of range", |i, d| vec![v(f(i, d).swap_dims(0, 2))]),
                ("permute", |i, d| vec![v(f(i, d).permute([1, 0])), v(n(i, d).permute([-1, 0]))]),
                ("permute repeated", |i, d| vec![v(f(i, d).permute([0, 0]))]),
                ("flip", |i, d| vec![v(f(i, d).flip([0])), v(n(i, d).flip([-1, 0])), v(b(i, d).flip([1]))]),
                ("flatten", |i, d| vec![v(f(i, d).flatten::<1>(0, 1)), v(n(i, d).flatten::<1>(0, -1))]),
                ("unsqueeze", |i, d| vec![v(f(i, d).unsqueeze::<4>())]),
                ("unsqueeze_dim", |i, d| vec![v(f(i, d).unsqueeze_dim::<3>(1)), v(n(i, d).unsqueeze_dim::<3>(-1))]),
                ("unsqueeze_dims", |i, d| vec![v(f(i, d).unsqueeze_dims::<5>(&[0, -1, -1]))]),
                ("squeeze", |i, d| vec![v(f(i, d).unsqueeze_dim::<3>(0).squeeze::<2>())]),
                ("squeeze_dim", |i, d| vec![v(f(i, d).squeeze_dim::<1>(0))]),
                ("squeeze_dims", |i, d| vec![v(f(i, d).unsqueeze_dims::<4>(&[0, 3]).squeeze_dims::<2>(&[0, -1]))]),
                ("repeat_dim", |i, d| vec![v(f(i, d).repeat_dim(0, 2)), v(b(i, d).repeat_dim(-1, 3))]),
                ("repeat", |i, d| vec![v(n(i, d).repeat(&[2, 1]))]),
                ("cat", |i, d| vec![v(Tensor::cat(vec![f(i, d), g(i, d)], 0)), v(Tensor::cat(vec![n(i, d), m(i, d)], -1))]),
                ("stack", |i, d| vec![v(Tensor::stack::<3>(vec![f(i, d), g(i, d)], 0)), v(Tensor::stack::<3>(vec![n(i, d), m(i, d)], 2))]),
                ("narrow", |i, d| vec![v(f(i, d).narrow(1, 0, 1)), v(n(i, d).narrow(-1, 1, 1))]),
                ("narrow past the end", |i, d| vec![v(f(i, d).narrow(1, 2, 5))]),
                ("chunk", |i, d| f(i, d).chunk(2, 1).into_iter().map(v).collect()),
                ("split", |i, d| n(i, d).split(2, 1).into_iter().map(v).collect()),
                ("split_with_sizes", |i, d| f(i, d).split_with_sizes(vec![1, 2], 1).into_iter().map(v).collect()),
                ("select", |i, d| vec![v(f(i, d).select(1, Tensor::<1, Int>::from_data([0i64, 0], d)))]),
                ("gather", |i, d| vec![v(f(i, d).gather(1, n(i, d).abs().remainder_scalar(1))), v(g(i, d).gather(1, within(m(i, d), i.x.shape()[1])))]),
                ("mask_where", |i, d| vec![v(f(i, d).mask_where(b(i, d), g(i, d))), v(n(i, d).mask_where(b(i, d), m(i, d)))]),
                ("mask_fill", |i, d| vec![v(f(i, d).mask_fill(b(i, d), 9.5)), v(n(i, d).mask_fill(b(i, d), -1))]),
                // Comparison.
                ("equal", |i, d| vec![v(f(i, d).equal(g(i, d))), v(n(i, d).equal(m(i, d))), v(b(i, d).equal(b(i, d)))]),
                ("not_equal", |i, d| vec![v(f(i, d).not_equal(f(i, d))), v(n(i, d).not_equal(m(i, d)))]),
                ("equal_elem", |i, d| vec![v(n(i, d).equal_elem(2i64)), v(f(i, d).equal_elem(0.0f32))]),
                ("not_equal_elem", |i, d| vec![v(n(i, d).not_equal_elem(2i64))]),
                ("equal_scalar", |i, d| vec![v(n(i, d).equal_scalar(-1i64))]),
                ("not_equal_scalar", |i, d| vec![v(n(i, d).not_equal_scalar(-1i64))]),
                ("greater", |i, d| vec![v(f(i, d).greater(g(i, d))), v(n(i, d).greater(m(i, d)))]),
                ("greater_equal", |i, d| vec![v(f(i, d).greater_equal(g(i, d)))]),
                ("lower", |i, d| vec![v(f(i, d).lower(g(i, d))), v(n(i, d).lower(m(i, d)))]),
                ("lower_equal", |i, d| vec![v(n(i, d).lower_equal(m(i, d)))]),
                ("greater_scalar", |i, d| vec![v(f(i, d).greater_scalar(0.5)), v(n(i, d).greater_scalar(1))]),
                ("greater_equal_scalar", |i, d| vec![v(f(i, d).greater_equal_scalar(0.5))]),
                ("lower_scalar", |i, d| vec![v(f(i, d).lower_scalar(-0.5))]),
                ("lower_equal_scalar", |i, d| vec![v(n(i, d).lower_equal_scalar(0))]),
                ("greater_elem", |i, d| vec![v(f(i, d).greater_elem(0.0))]),
                ("greater_equal_elem", |i, d| vec![v(n(i, d).greater_equal_elem(0))]),
                ("lower_elem", |i, d| vec![v(f(i, d).lower_elem(0.0))]),
                ("lower_equal_elem", |i, d| vec![v(n(i, d).lower_equal_elem(0))]),
                ("any", |i, d| vec![v(b(i, d).any()), v(f(i, d).any()), v(n(i, d).any())]),
                ("all", |i, d| vec![v(b(i, d).all()), v(f(i, d).all())]),
                ("any_dim", |i, d| vec![v(b(i, d).any_dim(1)), v(n(i, d).any_dim(-2))]),
                ("all_dim", |i, d| vec![v(b(i, d).all_dim(0))]),
                // Arithmetic.
                ("add", |i, d| vec![v(f(i, d).add(g(i, d))), v(n(i, d) + m(i, d))]),
                ("sub", |i, d| vec![v(f(i, d).sub(g(i, d))), v(n(i, d) - m(i, d))]),
                ("mul", |i, d| vec![v(f(i, d) * g(i, d)), v(n(i, d).mul(m(i, d)))]),
                ("div", |i, d| vec![v(f(i, d) / g(i, d)), v(n(i, d).div(m(i, d)))]),
                ("add on an autodiff device and a plain one", |i, d| vec![v(f(i, d).autodiff() + g(i, d)), v(f(i, d) + g(i, d).autodiff())]),
                ("add broadcast", |i, d| vec![v(f(i, d) + f(i, d).sum_dim(0))]),
                ("add misfit", |i, d| vec![v(f(i, d) + f(i, d).transpose().repeat_dim(0, 2))]),
                ("add_scalar", |i, d| vec![v(f(i, d).add_scalar(1.5)), v(n(i, d) + 2)]),
                ("sub_scalar", |i, d| vec![v(f(i, d).sub_scalar(1.5)), v(n(i, d) - 2)]),
                ("mul_scalar", |i, d| vec![v(f(i, d) * 3), v(n(i, d).mul_scalar(-2))]),
                ("div_scalar", |i, d| vec![v(f(i, d).div_scalar(4.0)), v(n(i, d) / 2)]),
                ("neg", |i, d| vec![v(-f(i, d)), v(n(i, d).neg())]),
                ("abs", |i, d| vec![v(f(i, d).abs()), v(n(i, d).abs())]),
                ("sign", |i, d| vec![v(f(i, d).sign()), v(n(i, d).sign())]),
                ("remainder", |i, d| vec![v(f(i, d).remainder(g(i, d))), v(n(i, d).remainder(m(i, d)))]),
                ("remainder_scalar", |i, d| vec![v(f(i, d).remainder_scalar(0.75)), v(n(i, d).remainder_scalar(3))]),
                ("powi", |i, d| vec![v(n(i, d).powi(m(i, d).abs()))]),
                ("powi_scalar", |i, d| vec![v(f(i, d).powi_scalar(2)), v(n(i, d).powi_scalar(3))]),
                ("powf", |i, d| vec![v(f(i, d).abs().powf(g(i, d)))]),
                ("powf_scalar", |i, d| vec![v(f(i, d).powf_scalar(0.5))]),
                ("matmul", |i, d| vec![v(f(i, d).matmul(g(i, d).transpose())), v(n(i, d).matmul(m(i, d).transpose()))]),
                ("matmul misfit", |i, d| vec![v(f(i, d).matmul(g(i, d).repeat_dim(1, 2)))]),
                ("dot", |_, d| vec![v(Tensor::<1>::from_data([1.0, 2.0, 3.0], d).dot(Tensor::<1>::from_data([4.0, -1.0, 0.5], d)))]),
                ("cumsum", |i, d| vec![v(f(i, d).cumsum(1)), v(n(i, d).cumsum(-2))]),
                ("cumprod", |i, d| vec![v(f(i, d).cumprod(0)), v(n(i, d).cumprod(1))]),
                // Broadcasting pairs: a 1xN row, an Mx1 column and a 1x1 against MxN.
                ("sub broadcast row", |i, d| vec![v(f(i, d) - g(i, d).slice([0..1])), v(n(i, d) - m(i, d).slice([0..1]))]),
                ("mul broadcast column", |i, d| vec![v(f(i, d) * g(i, d).slice(s![.., 0..1])), v(n(i, d) * m(i, d).slice(s![.., 0..1]))]),
                ("div broadcast one", |i, d| vec![v(f(i, d) / g(i, d).slice(s![0..1, 0..1])), v(n(i, d).div(m(i, d).slice(s![0..1, 0..1])))]),
                ("add broadcast both ways", |i, d| vec![v(f(i, d).slice(s![.., 0..1]) + g(i, d).slice([0..1]))]),
                ("equal broadcast", |i, d| vec![v(f(i, d).equal(f(i, d).slice([0..1]))), v(n(i, d).equal(m(i, d).slice(s![.., 0..1])))]),
                ("greater broadcast", |i, d| vec![v(f(i, d).greater(g(i, d).slice([0..1]))), v(n(i, d).greater(m(i, d).slice(s![.., 0..1])))]),
                ("lower_equal broadcast", |i, d| vec![v(f(i, d).lower_equal(g(i, d).slice(s![.., 0..1])))]),
                ("max_pair broadcast", |i, d| vec![v(f(i, d).max_pair(g(i, d).slice([0..1]))), v(n(i, d).max_pair(m(i, d).slice(s![.., 0..1])))]),
                ("min_pair broadcast", |i, d| vec![v(f(i, d).min_pair(g(i, d).slice(s![.., 0..1])))]),
                ("powf broadcast", |i, d| vec![v(f(i, d).abs().powf(g(i, d).slice([0..1])))]),
                ("atan2 broadcast", |i, d| vec![v(f(i, d).atan2(g(i, d).slice(s![.., 0..1])))]),
                ("remainder broadcast", |i, d| vec![v(f(i, d).remainder(g(i, d).slice([0..1]))), v(n(i, d).remainder(m(i, d).slice(s![.., 0..1])))]),
                ("mask_where broadcast", |i, d| vec![v(f(i, d).mask_where(b(i, d).slice([0..1]), g(i, d))), v(n(i, d).mask_where(b(i, d), m(i, d).slice(s![.., 0..1])))]),
                ("bitwise_and broadcast", |i, d| vec![v(n(i, d).bitwise_and(m(i, d).slice([0..1])))]),
                ("matmul batch broadcast", |i, d| vec![v(at::<3, _>(f(i, d)).repeat_dim(0, 2).matmul(at::<3, _>(g(i, d)).swap_dims(1, 2)))]),
                // Ranks 1, 3 and 4.
                ("add ranks", |i, d| vec![v(at::<1, _>(f(i, d)) + at::<1, _>(g(i, d))), v(at::<3, _>(f(i, d)) + at::<3, _>(g(i, d)).sum_dim(0)), v(at::<4, _>(n(i, d)) + at::<4, _>(m(i, d)).sum_dim(2))]),
                ("sum_dim ranks", |i, d| vec![v(at::<1, _>(f(i, d)).sum_dim(0)), v(at::<3, _>(f(i, d)).sum_dim(-1)), v(at::<4, _>(n(i, d)).sum_dim(1))]),
                ("mean_dim ranks", |i, d| vec![v(at::<3, _>(f(i, d)).mean_dim(2)), v(at::<4, _>(g(i, d)).mean_dim(-2))]),
                ("max_dim ranks", |i, d| vec![v(at::<1, _>(f(i, d)).max_dim(0)), v(at::<4, _>(n(i, d)).max_dim(2))]),
                ("argmax ranks", |i, d| vec![v(at::<3, _>(f(i, d)).argmax(2)), v(at::<4, _>(n(i, d)).argmax(1))]),
                ("cumsum ranks", |i, d| vec![v(at::<1, _>(f(i, d)).cumsum(0)), v(at::<3, _>(n(i, d)).cumsum(2)), v(at::<4, _>(g(i, d)).cumsum(1))]),
                ("swap_dims ranks", |i, d| vec![v(at::<3, _>(f(i, d)).swap_dims(0, 2)), v(at::<4, _>(n(i, d)).swap_dims(1, -1))]),
                ("flip ranks", |i, d| vec![v(at::<1, _>(f(i, d)).flip([0])), v(at::<4, _>(b(i, d)).flip([1, 2]))]),
                ("slice ranks", |i, d| vec![v(at::<1, _>(f(i, d)).slice([1..])), v(at::<3, _>(n(i, d)).slice(s![.., .., ..;-1])), v(at::<4, _>(g(i, d)).slice(s![.., 0..1]))]),
                ("cat ranks", |i, d| vec![v(Tensor::cat(vec![at::<1, _>(f(i, d)), at::<1, _>(g(i, d))], 0)), v(Tensor::cat(vec![at::<3, _>(n(i, d)), at::<3, _>(m(i, d))], 1))]),
                ("matmul ranks", |i, d| vec![v(at::<3, _>(f(i, d)).matmul(at::<3, _>(g(i, d)).swap_dims(1, 2))), v(at::<4, _>(n(i, d)).matmul(at::<4, _>(m(i, d)).swap_dims(2, 3)))]),
                ("gather ranks", |i, d| {
                    let cols = i.x.shape()[1];
                    vec![v(at::<3, _>(f(i, d)).gather(2, at::<3, _>(within(n(i, d), cols)))), v(at::<1, _>(g(i, d)).gather(0, at::<1, _>(within(m(i, d), cols))))]
                }),
                ("mask_where ranks", |i, d| vec![v(at::<3, _>(f(i, d)).mask_where(at::<3, _>(b(i, d)), at::<3, _>(g(i, d))))]),
                ("exp ranks", |i, d| vec![v(at::<1, _>(f(i, d)).exp()), v(at::<4, _>(g(i, d)).exp())]),
                ("sort ranks", |i, d| vec![v(at::<1, _>(n(i, d)).sort(0)), v(at::<3, _>(f(i, d)).sort(2))]),
                ("sum ranks", |i, d| vec![v(at::<1, _>(n(i, d)).sum()), v(at::<4, _>(f(i, d)).sum())]),
                // Integer scalars at the ends of i64 (carried at the tensor's dtype).
                ("add_scalar large", |i, d| vec![v(n(i, d).add_scalar(i64::MAX)), v(n(i, d) + ((1i64 << 53) + 1))]),
                ("equal_elem large", |i, d| vec![v(n(i, d).equal_elem(i64::MAX)), v(n(i, d).equal_elem((1i64 << 53) + 1)), v(n(i, d).not_equal_elem(i64::MIN))]),
                ("full large", |_, d| vec![v(Tensor::<1, Int>::full([2], i64::MAX, d)), v(Tensor::<1, Int>::full([1], i64::MIN, d))]),
                ("mask_fill large", |i, d| vec![v(n(i, d).mask_fill(b(i, d), i64::MIN))]),
                ("clamp_max large", |i, d| vec![v(n(i, d).clamp_max(i64::MAX)), v(n(i, d).clamp_min(i64::MIN + 1))]),
                // Reductions.
                ("sum", |i, d| vec![v(f(i, d).sum()), v(n(i, d).sum())]),
                ("sum_dim", |i, d| vec![v(f(i, d).sum_dim(0)), v(n(i, d).sum_dim(-1))]),
                ("sum_dims", |i, d| vec![v(f(i, d).sum_dims(&[0, 1]))]),
                ("mean", |i, d| vec![v(f(i, d).mean())]),
                ("mean_dim", |i, d| vec![v(f(i, d).mean_dim(1)), v(n(i, d).mean_dim(0))]),
                ("mean_dims", |i, d| vec![v(f(i, d).mean_dims(&[-1]))]),
                ("prod", |i, d| vec![v(f(i, d).prod()), v(n(i, d).prod())]),
                ("prod_dim", |i, d| vec![v(f(i, d).prod_dim(0))]),
                ("prod_dims", |i, d| vec![v(n(i, d).prod_dims(&[1]))]),
                ("max", |i, d| vec![v(f(i, d).max()), v(n(i, d).max())]),
                ("min", |i, d| vec![v(f(i, d).min()), v(n(i, d).min())]),
                ("max_dim", |i, d| vec![v(f(i, d).max_dim(1)), v(n(i, d).max_dim(0))]),
                ("min_dim", |i, d| vec![v(f(i, d).min_dim(-1))]),
                ("max_dims", |i, d| vec![v(f(i, d).max_dims(&[0, 1]))]),
                ("min_dims", |i, d| vec![v(n(i, d).min_dims(&[0]))]),
                ("argmax", |i, d| vec![v(f(i, d).argmax(1)), v(n(i, d).argmax(0))]),
                ("argmin", |i, d| vec![v(f(i, d).argmin(0)), v(n(i, d).argmin(-1))]),
                ("max_abs", |i, d| vec![v(f(i, d).max_abs())]),
                ("max_pair", |i, d| vec![v(f(i, d).max_pair(g(i, d))), v(n(i, d).max_pair(m(i, d)))]),
                ("min_pair", |i, d| vec![v(f(i, d).min_pair(g(i, d)))]),
                ("clamp", |i, d| vec![v(f(i, d).clamp(-0.5, 0.5)), v(n(i, d).clamp(-1, 2))]),
                ("clamp_min", |i, d| vec![v(f(i, d).clamp_min(0.0))]),
                ("clamp_max", |i, d| vec![v(n(i, d).clamp_max(1))]),
                ("sort", |i, d| vec![v(f(i, d).sort(1)), v(n(i, d).sort(0))]),
                ("sort_descending", |i, d| vec![v(n(i, d).sort_descending(-1))]),
                ("argsort", |i, d| vec![v(n(i, d).argsort(1))]),
                ("argsort_descending", |i, d| vec![v(n(i, d).argsort_descending(0))]),
                ("topk", |i, d| vec![v(n(i, d).topk(1, 1))]),
                ("topk_with_indices", |i, d| { let (a, b) = f(i, d).topk_with_indices(1, -1); vec![v(a), v(b)] }),
                ("sort_with_indices", |i, d| { let (a, b) = n(i, d).sort_with_indices(1); vec![v(a), v(b)] }),
                ("sort_descending_with_indices", |i, d| { let (a, b) = f(i, d).sort_descending_with_indices(0); vec![v(a), v(b)] }),
                ("max_dim_with_indices", |i, d| { let (a, b) = f(i, d).max_dim_with_indices(1); vec![v(a), v(b)] }),
                ("min_dim_with_indices", |i, d| { let (a, b) = n(i, d).min_dim_with_indices(0); vec![v(a), v(b)] }),
                ("cummin", |i, d| vec![v(f(i, d).cummin(1)), v(n(i, d).cummin(0))]),
                ("cummax", |i, d| vec![v(n(i, d).cummax(-1))]),
                ("max_abs_dim", |i, d| vec![v(f(i, d).max_abs_dim(0))]),
                ("max_abs_dims", |i, d| vec![v(n(i, d).max_abs_dims(&[0, 1]))]),
                ("bitwise_and", |i, d| vec![v(n(i, d).bitwise_and(m(i, d))), v(n(i, d).bitwise_and_scalar(6))]),
                ("bitwise_or", |i, d| vec![v(n(i, d).bitwise_or(m(i, d))), v(n(i, d).bitwise_or_scalar(1))]),
                ("bitwise_xor", |i, d| vec![v(n(i, d).bitwise_xor(m(i, d))), v(n(i, d).bitwise_xor_scalar(3))]),
                ("bitwise_not", |i, d| vec![v(n(i, d).bitwise_not())]),
                ("bitwise_left_shift", |i, d| vec![v(n(i, d).abs().bitwise_left_shift(m(i, d).abs())), v(n(i, d).bitwise_left_shift_scalar(2))]),
                ("bitwise_right_shift", |i, d| vec![v(n(i, d).bitwise_right_shift(m(i, d).abs())), v(n(i, d).bitwise_right_shift_scalar(1))]),
                ("bitwise_and_scalar", |i, d| vec![v(n(i, d).bitwise_and_scalar(-2))]),
                ("bitwise_or_scalar", |i, d| vec![v(n(i, d).bitwise_or_scalar(8))]),
                ("bitwise_xor_scalar", |i, d| vec![v(n(i, d).bitwise_xor_scalar(-1))]),
                ("bitwise_left_shift_scalar", |i, d| vec![v(n(i, d).bitwise_left_shift_scalar(1))]),
                ("bitwise_right_shift_scalar", |i, d| vec![v(n(i, d).bitwise_right_shift_scalar(3))]),
                ("hypot", |i, d| vec![v(f(i, d).hypot(g(i, d)))]),
                ("bool", |i, d| vec![v(f(i, d).bool()), v(n(i, d).bool())]),
                ("is_close", |i, d| vec![v(f(i, d).is_close(f(i, d) + 1e-7, None, None)), v(f(i, d).is_close(g(i, d), Some(0.5), Some(0.5)))]),
                ("all_close", |i, d| vec![text(f(i, d).all_close(f(i, d), None, None)), text(f(i, d).all_close(g(i, d), None, None))]),
                ("detach", |i, d| vec![v(f(i, d).detach())]),
                ("require_grad", |i, d| vec![v(f(i, d).require_grad())]),
                ("is_require_grad", |i, d| vec![text(f(i, d).is_require_grad())]),
                ("set_require_grad", |i, d| vec![text(f(i, d).set_require_grad(true).is_require_grad())]),
                ("set_require_grad on autodiff", |i, d| {
                    let x = f(i, d).autodiff();
                    vec![text(x.clone().set_require_grad(true).is_require_grad()), text(x.set_require_grad(false).is_require_grad())]
                }),
                ("deg2rad", |i, d| vec![v(f(i, d).deg2rad())]),
                ("rad2deg", |i, d| vec![v(f(i, d).rad2deg())]),
                // Float math.
                ("exp", |i, d| vec![v(f(i, d).exp())]),
                ("log", |i, d| vec![v(f(i, d).log())]),
                ("log1p", |i, d| vec![v(f(i, d).log1p())]),
                ("sqrt", |i, d| vec![v(f(i, d).sqrt())]),
                ("square", |i, d| vec![v(f(i, d).square())]),
                ("sin", |i, d| vec![v(f(i, d).sin())]),
                ("cos", |i, d| vec![v(f(i, d).cos())]),
                ("tan", |i, d| vec![v(f(i, d).tan())]),
                ("sinh", |i, d| vec![v(f(i, d).sinh())]),
                ("cosh", |i, d| vec![v(f(i, d).cosh())]),
                ("tanh", |i, d| vec![v(f(i, d).tanh())]),
                ("asin", |i, d| vec![v(f(i, d).asin())]),
                ("acos", |i, d| vec![v(f(i, d).acos())]),
                ("atan", |i, d| vec![v(f(i, d).atan())]),
                ("asinh", |i, d| vec![v(f(i, d).asinh())]),
                ("acosh", |i, d| vec![v(f(i, d).acosh())]),
                ("atanh", |i, d| vec![v(f(i, d).atanh())]),
                ("atan2", |i, d| vec![v(f(i, d).atan2(g(i, d)))]),
                ("erf", |i, d| vec![v(f(i, d).erf())]),
                ("recip", |i, d| vec![v(f(i, d).recip())]),
                ("round", |i, d| vec![v(f(i, d).round())]),
                ("floor", |i, d| vec![v(f(i, d).floor())]),
                ("ceil", |i, d| vec![v(f(i, d).ceil())]),
                ("trunc", |i, d| vec![v(f(i, d).trunc())]),
                ("is_nan", |i, d| vec![v(f(i, d).is_nan())]),
                ("is_inf", |i, d| vec![v(f(i, d).is_inf())]),
                ("is_finite", |i, d| vec![v(f(i, d).is_finite())]),
                ("contains_nan", |i, d| vec![v(f(i, d).contains_nan())]),
                // Kind conversions.
                ("int", |i, d| vec![v(f(i, d).int()), v(b(i, d).int())]),
                ("float", |i, d| vec![v(n(i, d).float()), v(b(i, d).float())]),
                ("bool_not", |i, d| vec![v(b(i, d).bool_not()), v(!b(i, d))]),
                ("bool_and", |i, d| vec![v(b(i, d).bool_and(b(i, d).bool_not())), v(b(i, d) & b(i, d))]),
                ("bool_or", |i, d| vec![v(b(i, d).bool_or(b(i, d).bool_not()))]),
                ("bool_xor", |i, d| vec![v(b(i, d) ^ b(i, d).bool_not())]),
                // Scalars.
                ("into_scalar", |i, d| vec![text(f(i, d).sum().into_scalar::<f32>()), text(n(i, d).sum().into_scalar::<i64>())]),
                ("into_scalar of many", |i, d| vec![text(f(i, d).into_scalar::<f32>())]),
                ("try_into_scalar", |i, d| vec![text(n(i, d).try_into_scalar::<i32>().is_ok())]),
                // Parts: slices, entries, masks.
                ("slice", |i, d| vec![v(f(i, d).slice([0..1])), v(n(i, d).slice(s![.., 1..])), v(b(i, d).slice([0..5, 0..1]))]),
                ("slice steps", |i, d| vec![v(f(i, d).slice(s![..;-1, ..;2])), v(n(i, d).slice(s![-1]))]),
                ("slice step zero", |i, d| vec![v(f(i, d).slice(s![..;0]))]),
                ("slice too many", |i, d| vec![v(f(i, d).slice([0..1, 0..1, 0..1]))]),
                ("slice_assign", |i, d| vec![v(f(i, d).slice_assign(s![.., 0..1], g(i, d).slice(s![.., 0..1]))), v(n(i, d).slice_assign([0..1], m(i, d).slice([1..2])))]),
                ("slice_assign misfit", |i, d| vec![v(f(i, d).slice_assign(s![.., 0..1], g(i, d)))]),
                ("slice_fill", |i, d| vec![v(f(i, d).slice_fill(s![.., 1..], -7.5f32)), v(n(i, d).slice_fill([0..1], 3i64)), v(b(i, d).slice_fill(s![-1], true))]),
                ("slice_dim", |i, d| vec![v(f(i, d).slice_dim(1, 1..)), v(n(i, d).slice_dim(-2, 0..1))]),
                ("select_dim", |i, d| vec![v(f(i, d).select_dim::<1>(1, 0)), v(n(i, d).select_dim::<1>(-1, -1))]),
                ("select_dim out of range", |i, d| vec![v(f(i, d).select_dim::<1>(0, 7))]),
                ("select_assign", |i, d| vec![
                    v(f(i, d).select_assign(1, idx(&[0], d), g(i, d).slice_dim(1, 0..1), IndexingUpdateOp::Add)),
                    v(n(i, d).select_assign(0, idx(&[0, 0], d), m(i, d).repeat_dim(0, 2).slice_dim(0, 0..2), IndexingUpdateOp::Assign)),
                ]),
                ("select_assign bool", |i, d| vec![v(b(i, d).select_assign(1, idx(&[0], d), b(i, d).slice_dim(1, 0..1), IndexingUpdateOp::Add))]),
                ("select_assign bool mul", |i, d| vec![v(b(i, d).select_assign(1, idx(&[0], d), b(i, d).slice_dim(1, 0..1), IndexingUpdateOp::Mul))]),
                ("scatter", |i, d| vec![
                    v(f(i, d).scatter(1, n(i, d).abs().remainder_scalar(1), g(i, d), IndexingUpdateOp::Add)),
                    v(f(i, d).scatter(1, within(m(i, d), i.x.shape()[1]), g(i, d), IndexingUpdateOp::Add)),
                    v(n(i, d).scatter(0, m(i, d).zeros_like(), m(i, d), IndexingUpdateOp::Assign)),
                ]),
                ("scatter misfit", |i, d| vec![v(f(i, d).scatter(1, n(i, d).zeros_like().repeat_dim(0, 2), g(i, d).repeat_dim(0, 2), IndexingUpdateOp::Add))]),
                ("scatter_nd", |_, d| {
                    let base = Tensor::<2>::from_data([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], d);
                    let at = Tensor::<2, Int>::from_data([[2], [0]], d);
                    let rows = Tensor::<2>::from_data([[9.0, 8.0], [7.0, 6.0]], d);
                    let cells = Tensor::<2, Int>::from_data([[1, 1], [0, 0]], d);
                    vec![
                        v(base.clone().scatter_nd(at, rows, IndexingUpdateOp::Assign)),
                        v(base.scatter_nd(cells, Tensor::<1>::from_data([10.0, 20.0], d), IndexingUpdateOp::Add)),
                    ]
                }),
                ("gather_nd", |i, d| vec![
                    v(f(i, d).gather_nd::<2, 2>(Tensor::<2, Int>::from_data([[0]], d))),
                    v(n(i, d).gather_nd::<2, 1>(Tensor::<2, Int>::from_data([[0, 0]], d))),
                ]),
                ("mask_select", |i, d| vec![v(f(i, d).mask_select(b(i, d))), v(n(i, d).mask_select(b(i, d))), v(b(i, d).mask_select(b(i, d)))]),
                ("mask_select misfit", |i, d| vec![v(f(i, d).mask_select(b(i, d).transpose()))]),
                ("mask_select_async", |i, d| vec![v(wait(n(i, d).mask_select_async(b(i, d).bool_not())))]),
                // Moving elements.
                ("movedim", |i, d| vec![v(f(i, d).unsqueeze::<3>().movedim(0, 2)), v(n(i, d).unsqueeze::<3>().movedim(vec![0, -1], vec![-1, 0]))]),
                ("movedim repeated", |i, d| vec![v(f(i, d).unsqueeze::<3>().movedim(vec![0, 0], vec![1, 2]))]),
                ("roll_dim", |i, d| vec![v(f(i, d).roll_dim(1, 1)), v(n(i, d).roll_dim(-4, 0)), v(b(i, d).roll_dim(7, -1))]),
                ("roll", |i, d| vec![v(f(i, d).roll(&[1, -2], &[0, 1])), v(n(i, d).roll(&[2, 3], &[1, 1]))]),
                ("roll misfit", |i, d| vec![v(f(i, d).roll(&[1], &[0, 1]))]),
                ("expand", |i, d| vec![v(f(i, d).sum_dim(0).expand([3, -1])), v(n(i, d).expand::<3, _>([2, -1, -1])), v(b(i, d).expand::<2, _>(i.x.shape().clone()))]),
                ("expand misfit", |i, d| vec![v(f(i, d).expand([5, 7]))]),
                ("unfold", |i, d| vec![v(f(i, d).unfold::<3, _>(1, 2, 1)), v(n(i, d).unfold::<3, _>(0, 1, 2))]),
                ("take", |i, d| vec![v(f(i, d).take::<2, 3>(1, Tensor::<2, Int>::from_data([[0, 0], [0, 0]], d))), v(n(i, d).take::<1, 2>(-1, idx(&[0, -1], d).abs()))]),
                ("iter_dim", |i, d| f(i, d).iter_dim(1).rev().chain(n(i, d).float().iter_dim(0)).map(v).collect()),
                // Reading back.
                ("try_into_data", |i, d| vec![Value::Data(f(i, d).try_into_data().unwrap()), Value::Data(b(i, d).try_to_data().unwrap())]),
                ("try_to_data", |i, d| vec![Value::Data(n(i, d).try_to_data().unwrap())]),
                ("into_data_async", |i, d| vec![Value::Data(wait(f(i, d).into_data_async()).unwrap()), Value::Data(wait(n(i, d).to_data_async()).unwrap())]),
                ("to_data_async", |i, d| vec![Value::Data(wait(b(i, d).to_data_async()).unwrap())]),
                ("to_data_as", |i, d| vec![Value::Data(f(i, d).to_data_as::<f64>()), Value::Data(n(i, d).to_data_as::<i32>()), Value::Data(b(i, d).to_data_as::<u8>())]),
                ("try_to_data_as", |i, d| vec![text(f(i, d).try_to_data_as::<i64>().map(|t| t.shape().clone()))]),
                ("try_to_vec_as", |i, d| vec![text(n(i, d).try_to_vec_as::<i16>()), text(f(i, d).abs().try_to_vec_as::<f64>().map(|v| v.len()))]),
                ("to_data_dtype", |i, d| vec![Value::Data(n(i, d).to_data_dtype(api::DType::F32))]),
                ("try_to_data_dtype", |i, d| vec![text(f(i, d).try_to_data_dtype(api::DType::I8).map(|t| t.shape().clone()))]),
                ("into_data_as", |i, d| vec![Value::Data(n(i, d).into_data_as::<f32>())]),
                ("try_into_data_as", |i, d| vec![text(b(i, d).try_into_data_as::<i64>().map(|t| t.try_to_vec::<i64>().unwrap()))]),
                ("try_into_vec_as", |i, d| vec![text(f(i, d).try_into_vec_as::<f64>().map(|v| v.len()))]),
                ("into_data_dtype", |i, d| vec![Value::Data(f(i, d).into_data_dtype(api::DType::F16))]),
                ("try_into_data_dtype", |i, d| vec![text(n(i, d).try_into_data_dtype(api::DType::U8).is_ok())]),
                ("into_scalar_async", |i, d| vec![text(wait(f(i, d).sum().into_scalar_async::<f64>()).unwrap())]),
                ("into_scalar_async of many", |i, d| vec![text(wait(n(i, d).into_scalar_async::<i64>()).is_ok())]),
                ("try_into_scalar_async", |i, d| vec![text(wait(n(i, d).max().try_into_scalar_async::<i32>()).is_ok()), text(wait(f(i, d).try_into_scalar_async::<f32>()).is_ok())]),
                ("extract", |i, d| { let mut t = f(i, d); let taken = t.extract(); vec![v(taken), v(t)] }),
                ("inplace", |i, d| { let mut t = n(i, d); t.inplace(|x| x * 2); vec![v(t)] }),
                ("can_mut", |i, d| { let t = f(i, d); let shared = t.clone(); vec![text(f(i, d).can_mut()), text(t.can_mut()), v(shared)] }),
                // Kinds and dtypes.
                ("cast", |i, d| vec![
                    v(f(i, d).cast(api::FloatDType::F64)), v(f(i, d).cast(api::IntDType::I32)), v(f(i, d).cast(api::DType::F16)),
                    v(n(i, d).cast(api::IntDType::I16)), v(n(i, d).cast(api::FloatDType::F32)), v(n(i, d).cast(api::DType::I64)),
                    v(b(i, d).cast(api::IntDType::U8)), v(b(i, d).cast(api::FloatDType::F64)),
                ]),
                // Masks, triangles, one-hot.
                ("nonzero", |i, d| b(i, d).nonzero().into_iter().chain(n(i, d).bool().nonzero()).map(v).collect()),
                ("nonzero_async", |i, d| wait(b(i, d).bool_not().nonzero_async()).into_iter().map(v).collect()),
                ("argwhere", |i, d| vec![v(b(i, d).argwhere()), v(f(i, d).bool().argwhere())]),
                ("argwhere_async", |i, d| vec![v(wait(b(i, d).argwhere_async()))]),
                ("triu_mask", |i, d| vec![v(Tensor::<2, Bool>::triu_mask(i.x.shape().clone(), 0, d)), v(Tensor::<3, Bool>::triu_mask([2, 3, 4], -1, d))]),
                ("tril_mask", |i, d| vec![v(Tensor::<2, Bool>::tril_mask(i.x.shape().clone(), 1, d)), v(Tensor::<4, Bool>::tril_mask([1, 2, 4, 3], 0, d))]),
                ("diag_mask", |i, d| vec![v(Tensor::<2, Bool>::diag_mask(i.x.shape().clone(), 0, d)), v(Tensor::<2, Bool>::diag_mask([3, 3], -2, d))]),
                ("triu", |i, d| vec![v(f(i, d).triu(0)), v(n(i, d).triu(1)), v(f(i, d).unsqueeze::<3>().triu(-1))]),
                ("tril", |i, d| vec![v(f(i, d).tril(0)), v(n(i, d).tril(-1))]),
                ("triu rank 1", |i, d| vec![v(f(i, d).flatten::<1>(0, 1).triu(0))]),
                ("eye", |_, d| vec![v(Tensor::<2>::eye(3, d)), v(Tensor::<2, Int>::eye(2, d))]),
                ("eye empty", |_, d| vec![v(Tensor::<2>::eye(0, d))]),
                ("one_hot", |i, d| vec![v(n(i, d).abs().one_hot::<3>(6)), v(n(i, d).abs().float().one_hot::<3>(6))]),
                ("one_hot too few classes", |i, d| vec![v(n(i, d).abs().one_hot::<3>(3))]),
                ("one_hot_fill", |i, d| vec![v(n(i, d).one_hot_fill::<3>(6, 5.0, -1.0, 0)), v(n(i, d).abs().float().one_hot_fill::<3>(6, 1.0, 0.0, 1))]),
                ("argtopk", |i, d| vec![v(f(i, d).argtopk(0, 1)), v(n(i, d).argtopk(0, -1))]),
                ("argtopk k too large", |i, d| vec![v(f(i, d).argtopk(9, 1))]),
                ("sum_dims_squeeze", |i, d| vec![v(f(i, d).sum_dims_squeeze::<1, _>(&[0])), v(n(i, d).sum_dims_squeeze::<1, _>(&[-1]))]),
                ("sum_dims_squeeze every dim", |i, d| vec![v(n(i, d).sum_dims_squeeze::<0, _>(&[0, 1]))]),
                ("cartesian_grid", |i, d| vec![v(Tensor::<2, Int>::cartesian_grid::<_, 3>(i.x.shape().clone(), d)), v(Tensor::<1, Int>::cartesian_grid::<_, 2>([4], d))]),
                // Random draws: compared by shape and dtype, and their range.
                ("random", |i, d| {
                    let t = Tensor::<2>::random(i.x.shape().clone(), api::Distribution::Uniform(0.0, 1.0), d);
                    let k = Tensor::<2, Int>::random([3, 2], api::Distribution::Uniform(0.0, 5.0), d);
                    vec![text(t.shape()), text(t.dtype()), v(t.clone().lower_elem(0.0).any()), v(t.greater_equal_elem(1.0).any()), text(k.shape()), v(k.greater_elem(5).any())]
                }),
                ("random_like", |i, d| { let t = f(i, d).random_like(api::Distribution::Default); vec![text(t.shape()), v(t.lower_elem(0.0).any())] }),
                ("categorical", |i, d| {
                    let c = f(i, d).abs().add_scalar(0.1).categorical(4);
                    vec![text(c.shape()), v(c.clone().lower_elem(0).any()), v(c.greater_equal_elem(i.x.shape()[1] as i64).any())]
                }),
                ("categorical one-hot weights", |_, d| vec![v(Tensor::<2>::from_data([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], d).categorical(3))]),
                // Statistics.
                ("var", |i, d| vec![v(f(i, d).var(0)), v(g(i, d).var(-1))]),
                ("var_bias", |i, d| vec![v(f(i, d).var_bias(1))]),
                ("var_mean", |i, d| { let (a, b) = g(i, d).var_mean(0); vec![v(a), v(b)] }),
                ("var_mean_bias", |i, d| { let (a, b) = f(i, d).var_mean_bias(-1); vec![v(a), v(b)] }),
                ("median", |i, d| vec![v(g(i, d).median(1)), v(g(i, d).median(0))]),
                ("median_with_indices", |i, d| { let (a, b) = g(i, d).median_with_indices(1); vec![v(a), v(b)] }),
                ("cov", |i, d| vec![v(g(i, d).cov(1, 1)), v(f(i, d).cov(0, 0))]),
                ("cross", |_, d| {
                    let a = Tensor::<2>::from_data([[1.0, 0.0, 0.0], [1.0, 2.0, 3.0]], d);
                    let b = Tensor::<2>::from_data([[0.0, 1.0, 0.0], [-1.0, 0.5, 2.0]], d);
                    vec![v(a.clone().cross(b.clone(), 1)), v(a.transpose().cross(b.transpose(), 0))]
                }),
                ("cross misfit", |i, d| vec![v(f(i, d).cross(g(i, d), 0))]),
                ("fmod", |i, d| vec![v(f(i, d).fmod(g(i, d))), v(g(i, d).fmod(f(i, d)))]),
                ("fmod_scalar", |i, d| vec![v(f(i, d).fmod_scalar(0.75)), v(f(i, d).fmod_scalar(f32::INFINITY)), v(f(i, d).fmod_scalar(-1.5))]),
                ("is_distributed", |i, d| vec![text(f(i, d).is_distributed()), text(f(i, d).set_distributed(7u64.into()).is_distributed())]),
                ("set_distributed", |i, d| vec![v(f(i, d).set_distributed(3u64.into()))]),
                // Autodiff.
                ("backward", |i, d| {
                    let x = f(i, d).autodiff().require_grad();
                    let y = x.clone().mul(g(i, d)).sum();
                    let mut grads = y.backward();
                    let gx = x.grad(&grads).map(v);
                    let removed = x.grad_remove(&mut grads).map(v);
                    let after = x.grad(&grads).is_some();
                    x.grad_replace(&mut grads, g(i, d).mul_scalar(2.0));
                    let replaced = x.grad(&grads).map(v);
                    vec![gx.unwrap_or(text("none")), removed.unwrap_or(text("none")), text(after), replaced.unwrap_or(text("none")), text(x.is_tracked()), text(y.is_tracked())]
                }),
                ("backward untracked", |i, d| { let _ = f(i, d).backward(); vec![] }),
                ("grad", |i, d| vec![text(f(i, d).autodiff().grad(&f(i, d).autodiff().require_grad().sum().backward()).is_some())]),
                ("grad_remove", |i, d| { let x = f(i, d).autodiff().require_grad(); let mut grads = x.clone().exp().sum().backward(); vec![text(x.grad_remove(&mut grads).map(|t| t.shape()))] }),
                ("grad_replace", |i, d| { let x = f(i, d).autodiff().require_grad(); let mut grads = x.clone().sum().backward(); x.grad_replace(&mut grads, g(i, d)); vec![v(x.grad(&grads).expect("replaced"))] }),
                ("is_tracked", |i, d| vec![text(f(i, d).is_tracked()), text(f(i, d).autodiff().require_grad().is_tracked())]),
                ("is_autodiff", |i, d| vec![text(f(i, d).is_autodiff()), text(n(i, d).autodiff().is_autodiff()), text(b(i, d).autodiff().inner().is_autodiff())]),
                ("inner", |i, d| vec![v(f(i, d).autodiff().require_grad().mul_scalar(2.0).inner())]),
                ("without_autodiff", |i, d| vec![text(n(i, d).autodiff().without_autodiff().is_autodiff()), v(b(i, d).without_autodiff())]),
                ("autodiff", |i, d| vec![v(f(i, d).autodiff()), v(n(i, d).autodiff().autodiff())]),
                ("from_inner", |i, d| vec![text(Tensor::from_inner(f(i, d)).is_autodiff()), v(Tensor::from_inner(b(i, d)))]),
                ("gradient_checkpointing_strategy", |i, d| vec![text(f(i, d).gradient_checkpointing_strategy()), text(f(i, d).autodiff().gradient_checkpointing_strategy())]),
                ("with_gradient_checkpointing_strategy", |i, d| vec![text(f(i, d).autodiff().with_gradient_checkpointing_strategy(api::GradientCheckpointingStrategy::Balanced).gradient_checkpointing_strategy())]),
                ("with_gradient_checkpointing_strategy off autodiff", |i, d| vec![v(f(i, d).with_gradient_checkpointing_strategy(api::GradientCheckpointingStrategy::Balanced))]),
                // Trait impls.
                ("rem", |i, d| vec![v(f(i, d) % g(i, d)), v(n(i, d) % m(i, d)), v(f(i, d) % 0.5), v(n(i, d) % 3)]),
                ("scalar on the left", |i, d| vec![
                    v(2.0f32 + f(i, d)), v(1.5f64 - f(i, d)), v(3i64 * n(i, d)), v(5i32 - n(i, d)), v(1.0f32 / g(i, d)), v(2u32 + n(i, d)),
                ]),
                ("from", |i, d| { let t: Tensor<2> = Tensor::from(i.x.clone()); vec![v(t.to_device(d)), v(Tensor::<1, Int>::from([1i64, 2, 3]))] }),
                ("serde", |i, d| {
                    let json = serde_json::to_string(&f(i, d)).expect("serialises");
                    let back: Tensor<2> = serde_json::from_str(&json).expect("deserialises");
                    vec![Value::Text(json), v(back)]
                }),
                ("pad", |i, d| vec![
                    v(f(i, d).pad([(1, 0), (0, 2)], api::ops::PadMode::Constant(-1.0))),
                    v(n(i, d).pad((1, 1, 0, 1), api::ops::PadMode::Constant(7.0))),
                    v(f(i, d).pad(vec![(0, 1)], api::ops::PadMode::Edge)),
                ]),
                ("pad reflect", |i, d| vec![v(g(i, d).pad([(0, 0), (1, 1)], api::ops::PadMode::Reflect))]),
                ("grid_sample_2d", |_, d| {
                    let image = Tensor::<4>::from_data([[[[1.0, 2.0], [3.0, 4.0]]]], d);
                    let grid = Tensor::<4>::from_data([[[[-1.0, -1.0], [0.0, 0.0]], [[1.0, 1.0], [0.5, -0.25]]]], d);
                    vec![v(image.clone().grid_sample_2d(grid.clone(), api::ops::GridSampleOptions::default())), v(image.grid_sample_2d(grid, api::ops::InterpolateMode::Nearest))]
                }),
                // Einstein summation, on integer-valued floats and on integers (exact sums).
                ("einsum", |i, d| {
                    let x = n(i, d).float();
                    let y = m(i, d).float();
                    let gram = x.clone().matmul(x.clone().transpose());
                    vec![
                        v(Tensor::<2>::einsum("ij,kj->ik", [x.clone().into(), (&y).into()])),
                        v(Tensor::<2>::einsum("ij->ji", [x.clone().into()])),
                        v(Tensor::<1>::einsum("ij->", [x.clone().into()])),
                        v(Tensor::<1>::einsum("ij,ij->i", [x.clone().into(), y.clone().into()])),
                        v(Tensor::<2>::einsum("i,j->ij", [x.clone().flatten::<1>(0, 1).into(), y.clone().sum_dim(0).flatten::<1>(0, 1).into()])),
                        v(Tensor::<1>::einsum("ii->i", [gram.clone().into()])),
                        v(Tensor::<1>::einsum("ii", [gram.clone().into()])),
                        v(Tensor::<2>::einsum("ji", [x.clone().into()])),
                        v(Tensor::<2, Int>::einsum("ij,kj->ik", [n(i, d).into(), m(i, d).into()])),
                        v(Tensor::<1, Int>::einsum("ij,ij->j", [n(i, d).into(), m(i, d).into()])),
                    ]
                }),
                ("einsum ellipsis and broadcasting", |i, d| {
                    let x = n(i, d).float();
                    vec![
                        v(Tensor::<1>::einsum("...j,j->...", [x.clone().into(), x.clone().sum_dim(0).flatten::<1>(0, 1).into()])),
                        v(Tensor::<2>::einsum("ij,ij->ij", [x.clone().into(), x.clone().sum_dim(0).into()])),
                        v(Tensor::<2>::einsum("i j , k j -> i k", [x.clone().into(), x.clone().into()])),
                    ]
                }),
                ("einsum batch", |i, d| {
                    let x = n(i, d).float();
                    vec![v(Tensor::<3>::einsum("bij,bjk->bik", [x.clone().unsqueeze::<3>().into(), x.transpose().unsqueeze::<3>().into()]))]
                }),
                ("einsum misfit", |i, d| vec![v(Tensor::<2>::einsum("ij,jk->ik", [f(i, d).into(), g(i, d).into()]))]),
                ("einsum wrong rank", |i, d| vec![v(Tensor::<1>::einsum("ij->ij", [f(i, d).into()]))]),
                ("einsum bad label", |i, d| vec![v(Tensor::<2>::einsum("i1->i1", [f(i, d).into()]))]),
                // Quantization (the default scheme: 8-bit, symmetric, one scale).
                ("quantize_dynamic", |i, d| {
                    let scheme = api::quantization::QuantScheme::default();
                    let q = f(i, d).quantize_dynamic(&scheme);
                    vec![text(q.dtype()), Value::Data(q.to_data()), v(q.dequantize())]
                }),
                ("quantize", |i, d| {
                    let scheme = api::quantization::QuantScheme::default();
                    let params = api::quantization::QParams { scales: Tensor::<1>::from_data([0.02f32], d), global: None };
                    let q = g(i, d).quantize(&scheme, params);
                    vec![Value::Data(q.to_data()), v(q.clone().dequantize()), v(q.add_scalar(1.0))]
                }),
                ("quantize with a global scale", |i, d| {
                    let scheme = api::quantization::QuantScheme::default();
                    let scale = || Tensor::<1>::from_data([0.02f32], d);
                    vec![v(g(i, d).quantize(&scheme, api::quantization::QParams { scales: scale(), global: Some(scale()) }))]
                }),
                // Captured work: flex records no hardware graph, so replay reruns the closure.
                ("burn_tensor::capture", |i, d| {
                    let mut graph = api::capture(d, || f(i, d).exp().sum());
                    let first = v(graph.output().clone());
                    // SAFETY: on flex there is no hardware graph, whose buffers replay
                    // would reuse: replay only runs the closure again.
                    let again = v(unsafe { graph.replay() }.clone());
                    vec![first, text(graph.is_hardware()), again]
                }),
                // Quantized data read back and loaded on an autodiff device, then added to a
                // tracked float tensor (Burn's crates load quantized records so).
                ("from_data of quantized data", |i, d| {
                    let data = f(i, d).quantize_dynamic(&api::quantization::QuantScheme::default()).to_data();
                    let device = d.clone().autodiff();
                    let q = Tensor::<2>::from_data(data, &device);
                    let other = Tensor::<2>::from_data(i.y.clone(), &device).require_grad();
                    vec![text(q.dtype()), text(q.is_autodiff()), v(q.clone().dequantize()), v(q.add(other))]
                }),
                ("dequantize", |i, d| vec![v(f(i, d).dequantize())]),
                ("zeros_like quantized", |i, d| vec![v(g(i, d).quantize_dynamic(&api::quantization::QuantScheme::default()).zeros_like())]),
                ("ones_like quantized", |i, d| vec![v(g(i, d).quantize_dynamic(&api::quantization::QuantScheme::default()).ones_like())]),
                ("full_like quantized", |i, d| vec![v(g(i, d).quantize_dynamic(&api::quantization::QuantScheme::default()).full_like(2.0))]),
                ("empty_like quantized", |i, d| vec![text(g(i, d).quantize_dynamic(&api::quantization::QuantScheme::default()).empty_like().dims())]),
                ("random_like quantized", |i, d| vec![text(g(i, d).quantize_dynamic(&api::quantization::QuantScheme::default()).random_like(api::Distribution::Default).dims())]),
                ("one_hot quantized", |i, d| vec![v(g(i, d).abs().floor().quantize_dynamic(&api::quantization::QuantScheme::default()).one_hot::<3>(4))]),
                ("reshape quantized", |i, d| {
                    let q = g(i, d).quantize_dynamic(&api::quantization::QuantScheme::default());
                    vec![
                        text(q.clone().reshape([-1]).dtype()), text(q.clone().transpose().dtype()), text(q.clone().slice([0..1]).dtype()),
                        text(q.clone().flip([0]).dtype()), text(Tensor::cat(vec![q.clone(), q.clone()], 0).dtype()), Value::Data(q.permute([1, 0]).to_data()),
                    ]
                }),
                // For backend-extension authors.
                ("into_bridge", |i, d| vec![v(Tensor::<2>::from_bridge(f(i, d).into_bridge())), v(Tensor::<2, Bool>::from_bridge(b(i, d).into_bridge()))]),
                ("from_bridge of another kind", |i, d| vec![v(Tensor::<2, Int>::from_bridge(f(i, d).into_bridge()))]),
                ("into_dispatch", |i, d| vec![v(Tensor::<2, Int>::from_dispatch(n(i, d).into_dispatch())), v(Tensor::<2>::from_dispatch(f(i, d).into_dispatch()))]),
                ("from_dispatch of another kind", |i, d| vec![v(Tensor::<2, Bool>::from_dispatch(n(i, d).into_dispatch()))]),
                ("try_into_primitive", |i, d| {
                    type Flex = burn_dispatch::backends::Flex;
                    let float = f(i, d).try_into_primitive::<Flex>().expect("a flex tensor");
                    let int = n(i, d).try_into_primitive::<Flex>().expect("a flex tensor");
                    let on_autodiff = f(i, d).autodiff().try_into_primitive::<Flex>().is_ok();
                    vec![v(Tensor::<2>::from_primitive::<Flex>(float)), v(Tensor::<2, Int>::from_primitive::<Flex>(int)), text(on_autodiff)]
                }),
                ("from_primitive", |i, d| {
                    type Flex = burn_dispatch::backends::Flex;
                    let mask = b(i, d).try_into_primitive::<Flex>().expect("a flex tensor");
                    vec![v(Tensor::<2, Bool>::from_primitive::<Flex>(mask))]
                }),
                // The kinds the cases above leave out: each method at every kind its
                // block admits (the differential fails on a kind no case calls).
                ("all at other kinds", |i, d| vec![v(n(i, d).all()), v(f(i, d).all_dim(0)), v(n(i, d).all_dim(1))]),
                ("any_dim at other kinds", |i, d| vec![v(f(i, d).any_dim(1))]),
                ("argsort at other kinds", |i, d| vec![v(f(i, d).argsort(1)), v(f(i, d).argsort_descending(0))]),
                ("can_mut at other kinds", |i, d| vec![text(n(i, d).can_mut()), text(b(i, d).can_mut())]),
                ("cat at other kinds", |i, d| vec![v(Tensor::cat(vec![b(i, d), b(i, d).bool_not()], 0))]),
                ("chunk at other kinds", |i, d| n(i, d).chunk(2, 1).into_iter().map(v).chain(b(i, d).chunk(2, 0).into_iter().map(v)).collect()),
                ("clamp_max at other kinds", |i, d| vec![v(f(i, d).clamp_max(0.5)), v(f(i, d).cummax(1))]),
                ("dot at other kinds", |_, d| vec![v(Tensor::<1, Int>::from_data([1i64, 2, 3], d).dot(Tensor::<1, Int>::from_data([4i64, -1, 2], d)))]),
                ("empty at other kinds", |i, d| vec![
                    text(Tensor::<2, Int>::empty([2, 3], d).dims()), text(Tensor::<2, Bool>::empty([1, 2], d).dims()),
                    text(n(i, d).empty_like().shape()), text(b(i, d).empty_like().shape()),
                ]),
                ("equal_elem at other kinds", |i, d| vec![
                    v(b(i, d).equal_elem(true)), v(f(i, d).equal_scalar(0.5f32)), v(b(i, d).equal_scalar(true)),
                    v(f(i, d).not_equal_elem(0.0f32)), v(b(i, d).not_equal_elem(false)), v(f(i, d).not_equal_scalar(1.0f32)), v(b(i, d).not_equal_scalar(true)),
                ]),
                ("extract at other kinds", |i, d| { let mut t = b(i, d); let taken = t.extract(); vec![v(taken), v(t)] }),
                ("flatten at other kinds", |i, d| vec![v(b(i, d).flatten::<1>(0, 1))]),
                ("from_inner at other kinds", |i, d| vec![text(Tensor::from_inner(n(i, d)).is_autodiff()), v(n(i, d).autodiff().inner())]),
                ("full at other kinds", |i, d| vec![v(Tensor::<2, Bool>::full([2, 2], true, d)), v(b(i, d).full_like(true))]),
                ("gather at other kinds", |i, d| {
                    let cols = i.x.shape()[1];
                    vec![v(n(i, d).gather(1, within(m(i, d), cols))), v(b(i, d).gather(1, within(n(i, d), cols)))]
                }),
                ("gather_nd at other kinds", |i, d| vec![v(b(i, d).gather_nd::<2, 1>(Tensor::<2, Int>::from_data([[0, 0]], d)))]),
                ("gradient_checkpointing_strategy at other kinds", |i, d| vec![
                    text(n(i, d).gradient_checkpointing_strategy()), text(b(i, d).gradient_checkpointing_strategy()),
                    text(n(i, d).autodiff().with_gradient_checkpointing_strategy(api::GradientCheckpointingStrategy::Balanced).gradient_checkpointing_strategy()),
                    text(b(i, d).autodiff().with_gradient_checkpointing_strategy(api::GradientCheckpointingStrategy::Balanced).gradient_checkpointing_strategy()),
                ]),
                ("greater_equal at other kinds", |i, d| vec![v(n(i, d).greater_equal(m(i, d))), v(n(i, d).greater_equal_scalar(1)), v(n(i, d).lower_scalar(1))]),
                ("lower_equal_elem at other kinds", |i, d| vec![v(f(i, d).lower_equal_elem(0.0)), v(f(i, d).lower_equal_scalar(0.5))]),
                ("inplace at other kinds", |i, d| {
                    let (mut x, mut y) = (f(i, d), b(i, d));
                    x.inplace(|t| t * 2);
                    y.inplace(|t| t.bool_not());
                    vec![v(x), v(y)]
                }),
                ("into_bridge at other kinds", |i, d| vec![v(Tensor::<2, Int>::from_bridge(n(i, d).into_bridge()))]),
                ("into_data_as at other kinds", |i, d| vec![
                    Value::Data(f(i, d).into_data_as::<f64>()), Value::Data(b(i, d).into_data_as::<u8>()),
                    text(f(i, d).try_into_data_as::<f64>().map(|t| t.shape().clone())), text(n(i, d).try_into_data_as::<i32>().map(|t| t.shape().clone())),
                    text(n(i, d).try_into_vec_as::<i64>()), text(b(i, d).try_into_vec_as::<bool>()),
                    text(n(i, d).try_to_data_as::<i32>().map(|t| t.shape().clone())), text(b(i, d).try_to_data_as::<u8>().map(|t| t.shape().clone())),
                    text(b(i, d).try_to_vec_as::<bool>()), text(b(i, d).try_to_data_dtype(api::DType::U8).map(|t| t.shape().clone())),
                    Value::Data(b(i, d).into_data_dtype(api::DType::U8)),
                ]),
                ("into_data_async at other kinds", |i, d| vec![
                    Value::Data(wait(n(i, d).into_data_async()).unwrap()), Value::Data(wait(b(i, d).into_data_async()).unwrap()),
                    Value::Data(wait(f(i, d).to_data_async()).unwrap()), Value::Data(n(i, d).to_data()),
                    Value::Data(n(i, d).try_into_data().unwrap()), Value::Data(b(i, d).try_into_data().unwrap()), Value::Data(f(i, d).try_to_data().unwrap()),
                ]),
                ("into_scalar at other kinds", |i, d| vec![
                    text(b(i, d).any().into_scalar::<bool>()), text(wait(b(i, d).all().into_scalar_async::<bool>()).unwrap()),
                    text(f(i, d).sum().try_into_scalar::<f32>().is_ok()), text(b(i, d).any().try_into_scalar::<bool>().is_ok()),
                    text(wait(b(i, d).any().try_into_scalar_async::<bool>()).is_ok()),
                ]),
                ("iter_dim at other kinds", |i, d| n(i, d).iter_dim(0).map(v).chain(b(i, d).iter_dim(1).map(v)).collect()),
                ("mask_fill at other kinds", |i, d| vec![v(b(i, d).mask_fill(b(i, d).bool_not(), true)), v(b(i, d).mask_where(b(i, d).bool_not(), b(i, d)))]),
                ("mask_select_async at other kinds", |i, d| vec![v(wait(f(i, d).mask_select_async(b(i, d)))), v(wait(b(i, d).mask_select_async(b(i, d).bool_not())))]),
                ("max_abs at other kinds", |i, d| vec![v(n(i, d).max_abs()), v(n(i, d).max_abs_dim(1)), v(f(i, d).max_abs_dims(&[0]))]),
                ("max_dims at other kinds", |i, d| {
                    let (a, b) = n(i, d).max_dim_with_indices(1);
                    let (c, e) = f(i, d).min_dim_with_indices(0);
                    vec![v(n(i, d).max_dims(&[1])), v(a), v(b), v(c), v(e), v(n(i, d).min_dim(0)), v(f(i, d).min_dims(&[1])), v(n(i, d).min_pair(m(i, d)))]
                }),
                ("mean at other kinds", |i, d| vec![v(n(i, d).mean()), v(n(i, d).mean_dims(&[0])), v(n(i, d).sum_dims(&[0])), v(n(i, d).prod_dim(1)), v(f(i, d).prod_dims(&[0]))]),
                ("movedim at other kinds", |i, d| vec![v(b(i, d).movedim(0, 1))]),
                ("narrow at other kinds", |i, d| vec![v(b(i, d).narrow(1, 0, 1))]),
                ("permute at other kinds", |i, d| vec![v(b(i, d).permute([1, 0]))]),
                ("reshape at other kinds", |i, d| vec![v(b(i, d).reshape([-1]))]),
                ("roll at other kinds", |i, d| vec![v(b(i, d).roll(&[1], &[1]))]),
                ("swap_dims at other kinds", |i, d| vec![v(b(i, d).swap_dims(0, 1))]),
                ("t at other kinds", |i, d| vec![v(f(i, d).t()), v(b(i, d).t())]),
                ("shape at other kinds", |i, d| vec![text(b(i, d).shape())]),
                ("unfold at other kinds", |i, d| vec![v(b(i, d).unfold::<3, _>(1, 1, 1))]),
                ("unsqueeze at other kinds", |i, d| vec![v(b(i, d).unsqueeze::<3>())]),
                ("unsqueeze_dim at other kinds", |i, d| vec![v(b(i, d).unsqueeze_dim::<3>(1))]),
                ("repeat at other kinds", |i, d| vec![v(f(i, d).repeat(&[1, 2])), v(b(i, d).repeat(&[2, 1]))]),
                ("not_equal at other kinds", |i, d| vec![v(b(i, d).not_equal(b(i, d).bool_not()))]),
                ("ones at other kinds", |i, d| vec![v(Tensor::<2, Int>::ones([2, 3], d)), v(n(i, d).ones_like()), v(Tensor::<2, Bool>::zeros([2, 2], d)), v(b(i, d).zeros_like())]),
                ("powi at other kinds", |i, d| vec![v(f(i, d).abs().powi(m(i, d).abs().float()))]),
                ("rank at other kinds", |i, d| vec![text(n(i, d).rank()), text(b(i, d).rank())]),
                ("scatter at other kinds", |i, d| vec![v(b(i, d).scatter(1, n(i, d).zeros_like(), b(i, d), IndexingUpdateOp::Add))]),
                ("scatter_nd at other kinds", |_, d| {
                    let at = Tensor::<2, Int>::from_data([[2], [0]], d);
                    let ints = Tensor::<2, Int>::from_data([[1, 2], [3, 4], [5, 6]], d);
                    let bools = Tensor::<2, Bool>::from_data([[true, false], [false, false], [false, true]], d);
                    vec![
                        v(ints.scatter_nd(at.clone(), Tensor::<2, Int>::from_data([[9, 8], [7, 6]], d), IndexingUpdateOp::Add)),
                        v(bools.scatter_nd(at, Tensor::<2, Bool>::from_data([[true, true], [false, true]], d), IndexingUpdateOp::Add)),
                    ]
                }),
                ("select at other kinds", |i, d| vec![v(n(i, d).select(1, idx(&[0], d))), v(b(i, d).select(1, idx(&[0, 0], d)))]),
                ("select_dim at other kinds", |i, d| vec![v(b(i, d).select_dim::<1>(1, 0))]),
                ("slice_assign at other kinds", |i, d| vec![v(b(i, d).slice_assign([0..1], b(i, d).slice([1..2])))]),
                ("take at other kinds", |i, d| vec![v(b(i, d).take::<1, 2>(1, idx(&[0], d)))]),
                ("sort_descending at other kinds", |i, d| vec![v(f(i, d).sort_descending(1))]),
                ("sort_descending_with_indices at other kinds", |i, d| { let (a, b) = n(i, d).sort_descending_with_indices(1); vec![v(a), v(b)] }),
                ("sort_with_indices at other kinds", |i, d| { let (a, b) = f(i, d).sort_with_indices(0); vec![v(a), v(b)] }),
                ("topk at other kinds", |i, d| vec![v(f(i, d).topk(1, 1))]),
                ("topk_with_indices at other kinds", |i, d| { let (a, b) = n(i, d).topk_with_indices(1, 1); vec![v(a), v(b)] }),
                ("split at other kinds", |i, d| f(i, d).split(2, 1).into_iter().chain(f(i, d).split_with_sizes(vec![1, 1], 0)).map(v)
                    .chain(b(i, d).split(1, 0).into_iter().map(v))
                    .chain(n(i, d).split_with_sizes(vec![1, 2], 1).into_iter().map(v))
                    .chain(b(i, d).split_with_sizes(vec![1], 0).into_iter().map(v))
                    .collect()),
                ("square at other kinds", |i, d| vec![v(n(i, d).square())]),
                ("squeeze at other kinds", |i, d| vec![
                    v(n(i, d).unsqueeze_dim::<3>(0).squeeze::<2>()), v(b(i, d).unsqueeze_dim::<3>(0).squeeze::<2>()),
                    v(n(i, d).unsqueeze_dim::<3>(1).squeeze_dim::<2>(1)), v(b(i, d).unsqueeze_dim::<3>(2).squeeze_dim::<2>(-1)),
                    v(n(i, d).unsqueeze_dims::<4>(&[0, 3]).squeeze_dims::<2>(&[0, -1])), v(b(i, d).unsqueeze_dims::<4>(&[0, 3]).squeeze_dims::<2>(&[0, 3])),
                ]),
                ("stack at other kinds", |i, d| vec![v(Tensor::stack::<3>(vec![b(i, d), b(i, d).bool_not()], 0))]),
                ("to_device at other kinds", |i, d| vec![v(n(i, d).to_device(d)), v(b(i, d).to_device(d))]),
                // Activations (burn-tensor's `activation` module), at ranks 2 and 3.
                ("activation::relu", |i, d| vec![v(act::relu(f(i, d))), v(act::relu(at::<3, _>(g(i, d))))]),
                ("activation::hardtanh", |i, d| vec![v(act::hardtanh(f(i, d), -0.5, 0.75))]),
                ("activation::tanhshrink", |i, d| vec![v(act::tanhshrink(f(i, d)))]),
                ("activation::relu6", |i, d| vec![v(act::relu6(f(i, d).mul_scalar(4.0)))]),
                ("activation::leaky_relu", |i, d| vec![v(act::leaky_relu(f(i, d), 0.1))]),
                ("activation::gelu", |i, d| vec![v(act::gelu(f(i, d))), v(act::gelu(at::<3, _>(g(i, d))))]),
                ("activation::gelu_approximate", |i, d| vec![v(act::gelu_approximate(f(i, d)))]),
                ("activation::prelu", |i, d| vec![v(act::prelu(f(i, d), Tensor::<1>::from_data([0.25f32], d))), v(act::prelu(g(i, d), Tensor::<1>::from_data(TensorData::new(vec![0.5f32; i.x.shape()[1]], [i.x.shape()[1]]), d)))]),
                ("activation::prelu misfit", |i, d| vec![v(act::prelu(f(i, d), Tensor::<1>::from_data([0.1f32, 0.2, 0.3, 0.4, 0.5], d)))]),
                ("activation::softmax", |i, d| vec![v(act::softmax(f(i, d), 1)), v(act::softmax(at::<3, _>(g(i, d)), -1))]),
                ("activation::softmin", |i, d| vec![v(act::softmin(g(i, d), 0))]),
                ("activation::softplus", |i, d| vec![v(act::softplus(f(i, d), 1.0)), v(act::softplus(f(i, d).mul_scalar(20.0), 2.0))]),
                ("activation::softplus_with_threshold", |i, d| vec![v(act::softplus_with_threshold(f(i, d), 1.5, 1.0))]),
                ("activation::quiet_softmax", |i, d| vec![v(act::quiet_softmax(f(i, d), 1)), v(act::quiet_softmax(g(i, d), 0))]),
                ("activation::log_softmax", |i, d| vec![v(act::log_softmax(f(i, d), -1))]),
                ("activation::sigmoid", |i, d| vec![v(act::sigmoid(f(i, d)))]),
                ("activation::hard_sigmoid", |i, d| vec![v(act::hard_sigmoid(f(i, d), 0.2, 0.5))]),
                ("activation::log_sigmoid", |i, d| vec![v(act::log_sigmoid(f(i, d)))]),
                ("activation::silu", |i, d| vec![v(act::silu(f(i, d)))]),
                ("activation::hard_swish", |i, d| vec![v(act::hard_swish(f(i, d).mul_scalar(3.0)))]),
                ("activation::mish", |i, d| vec![v(act::mish(f(i, d)))]),
                ("activation::tanh", |i, d| vec![v(act::tanh(f(i, d)))]),
                ("activation::elu", |i, d| vec![v(act::elu(f(i, d), 1.5))]),
                ("activation::celu", |i, d| vec![v(act::celu(f(i, d), 0.5))]),
                ("activation::selu", |i, d| vec![v(act::selu(f(i, d)))]),
                ("activation::thresholded_relu", |i, d| vec![v(act::thresholded_relu(f(i, d), 0.25))]),
                ("activation::threshold", |i, d| vec![v(act::threshold(f(i, d), 0.1, -9.0))]),
                ("activation::glu", |i, d| vec![v(act::glu(Tensor::cat(vec![f(i, d), g(i, d)], 1), 1))]),
                ("activation::glu odd", |i, d| vec![v(act::glu(f(i, d).pad([(0, 0), (0, 1)], api::ops::PadMode::Constant(0.0)), -1))]),
                ("activation::softsign", |i, d| vec![v(act::softsign(f(i, d)))]),
                ("activation::hard_shrink", |i, d| vec![v(act::hard_shrink(f(i, d), 0.5))]),
                ("activation::soft_shrink", |i, d| vec![v(act::soft_shrink(f(i, d), 0.5))]),
                ("activation::shrink", |i, d| vec![v(act::shrink(f(i, d), 0.5, 0.25))]),
                ("loss::cross_entropy_with_logits", |i, d| vec![
                    v(api::loss::cross_entropy_with_logits(f(i, d), act::softmax(g(i, d), 1))),
                    v(api::loss::cross_entropy_with_logits(at::<3, _>(g(i, d)), at::<3, _>(act::softmax(f(i, d), 1)))),
                ]),
                ("cartesian_grid free", |i, d| vec![v(api::cartesian_grid::<_, 2, 3>(i.x.shape().clone(), d))]),
                ("transaction", |i, d| {
                    let read = api::Transaction::default().register(f(i, d)).register(n(i, d)).register(b(i, d).transpose()).register(g(i, d).sum_dim(0));
                    read.execute().into_iter().map(Value::Data).collect()
                }),
                ("transaction async", |i, d| {
                    let read = api::Transaction::default().register(g(i, d)).register(m(i, d));
                    let mut values: Vec<Value> = wait(read.execute_async()).unwrap().into_iter().map(Value::Data).collect();
                    values.push(text(api::Transaction::default().register(n(i, d)).try_execute().is_ok()));
                    values.push(text(api::Transaction::default().execute().len()));
                    values
                }),
                ("grid::meshgrid", |i, d| {
                    let (a, b) = (f(i, d).flatten::<1>(0, 1), Tensor::<1>::from_data([4.0f32, 5.0], d));
                    let options = [
                        api::grid::GridOptions::default(),
                        api::grid::GridIndexing::Cartesian.into(),
                        api::grid::GridSparsity::Sparse.into(),
                        api::grid::GridOptions::new(api::grid::GridIndexing::Cartesian, api::grid::GridSparsity::Sparse),
                    ];
                    let ints = api::grid::meshgrid(&[n(i, d).flatten::<1>(0, 1)], api::grid::GridOptions::default());
                    options.into_iter().flat_map(|o| api::grid::meshgrid(&[a.clone(), b.clone()], o)).map(v).chain(ints.into_iter().map(v)).collect()
                }),
                ("grid::meshgrid_stack", |i, d| {
                    let (a, b) = (g(i, d).flatten::<1>(0, 1), Tensor::<1>::from_data([-1.0f32, 0.0, 2.0], d));
                    vec![
                        v(api::grid::meshgrid_stack::<2, 3, _>(&[a.clone(), b.clone()], api::grid::IndexPos::First)),
                        v(api::grid::meshgrid_stack::<2, 3, _>(&[a, b], api::grid::IndexPos::Last)),
                    ]
                }),
                ("grid::affine_grid_2d", |i, d| {
                    let identity = Tensor::<3>::from_data([[[1.0f32, 0.0, 0.0], [0.0, 1.0, 0.0]], [[0.5, -0.25, 0.1], [0.3, 2.0, -1.0]]], d);
                    let dims = [2, 1, i.x.shape()[0].max(2), i.x.shape()[1].max(2)];
                    vec![v(api::grid::affine_grid_2d(identity, dims))]
                }),
                ("activation::DEFAULT_SOFTPLUS_THRESHOLD", |_, _| vec![text(act::DEFAULT_SOFTPLUS_THRESHOLD)]),
                // Printing.
                ("fmt", |i, d| vec![Value::Text(format!("{}", f(i, d))), Value::Text(format!("{}", b(i, d)))]),
                ("fmt precision", |i, d| vec![Value::Text(format!("{:.2}", f(i, d))), Value::Text(format!("{:.0}", n(i, d).float()))]),
                ("fmt print options", |i, d| {
                    api::set_print_options(api::PrintOptions { threshold: 4, edge_items: 1, precision: Some(3) });
                    let text = vec![Value::Text(format!("{}", f(i, d))), Value::Text(format!("{:.1}", g(i, d))), Value::Text(format!("{}", n(i, d)))];
                    api::set_print_options(api::PrintOptions::default());
                    text
                }),
                ("fmt quantized", |i, d| vec![Value::Text(format!("{}", g(i, d).quantize_dynamic(&api::quantization::QuantScheme::default())))]),
                ("fmt int", |i, d| vec![Value::Text(format!("{}", n(i, d).reshape([-1])))]),
                ("fmt large", |_, d| vec![Value::Text(format!("{}", Tensor::<1, Int>::arange(0..3000, d).reshape([30, 100])))]),
                ("fmt shape", |_, _| vec![text(Shape::new([2, 3])), text(TensorData::new(vec![1i64], [1]).shape().clone())]),
            ]
        }
    };
}
