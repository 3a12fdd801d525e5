"""placeholder"""
def render_view(view):
    return str(view)
