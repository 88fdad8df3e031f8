class _Runtime:
    add_stages_inspection_hook = None


class _Compilation:
    listener = None


runtime = _Runtime()
compilation = _Compilation()
