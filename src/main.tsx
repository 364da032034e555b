import './app/main';
