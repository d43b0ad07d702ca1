// The shell provides every shared module eagerly, in this very bundle, so it starts at once: no
// asynchronous boundary, and no second file to wait for before the page comes alive.
import './bootstrap';
