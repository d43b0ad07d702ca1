// First in the shell's development build (the one-module loop): React Refresh's hook must be in place
// before React's development build loads, so that a remote's Refresh runtime, loaded later, finds the
// renderer and can swap components in place. The shell's own modules are not refreshed: no-ops.
const runtime = require('react-refresh/runtime');

runtime.injectIntoGlobalHook(window);
// Without React DevTools the hook Refresh installs hands out ids but keeps no renderer; a remote's
// Refresh runtime, arriving after React has registered, looks for the renderer in `renderers`.
const hook = window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
const inject = hook.inject;
hook.inject = function (renderer) {
  const id = inject.apply(this, arguments);
  if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
  return id;
};
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
