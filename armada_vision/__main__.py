from armada_vision.cli import main

raise SystemExit(main())
