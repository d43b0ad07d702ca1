// The async boundary lets the federation runtime set up shared modules before any React code runs.
void import('./bootstrap');
