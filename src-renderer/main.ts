import { mount } from 'svelte';
import App from './App.svelte';
import './styles/global.css';

const target = document.getElementById('app');
if (!target) throw new Error('OnAir Desk: the page has no #app element.');

export default mount(App, { target });
