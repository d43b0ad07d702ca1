// What only the shell's server renderer needs: the router that renders one request's location.
export { StaticRouter } from 'react-router-dom';
